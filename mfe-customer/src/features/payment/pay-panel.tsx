import { useState } from 'react';
import { messages } from '@fragtbud/contracts';
import { Button, formatDkkFromKroner, type PayPanelProps } from '@fragtbud/web';
import { useAcceptedTotal } from './api/get-accepted-bid-total';
import { PayModal } from './pay-modal';
import type { StripeLoader } from './stripe-payment-form';
import './pay-panel.css';


export const PAYMENT_SUCCESS_TITLE = 'Betaling gennemført';

/**
 * 'Betal' for the owner of an assigned task (spec sections 4 and 7): the payment modal, then 'Betalingen blev
 * gennemført succesfuldt!' once the task is paid.
 */
export function PayPanel({ task, onPaid, loadStripe }: PayPanelProps & { loadStripe?: StripeLoader }) {
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState(false);
  const payable = task.status === 'assigned' && !paid;
  const total = useAcceptedTotal(task.id, payable);

  return (
    <div className="pay-panel">
      {paid && (
        <div className="pay-panel__success" role="status">
          <strong>{PAYMENT_SUCCESS_TITLE}</strong>
          <span>{messages.paymentSucceeded}</span>
        </div>
      )}
      {payable && (
        <>
          <Button onClick={() => setOpen(true)}>{total === null ? 'Betal' : `Betal ${formatDkkFromKroner(total)}`}</Button>
          <PayModal
            taskId={task.id}
            open={open}
            onClose={() => setOpen(false)}
            loadStripe={loadStripe}
            onPaid={() => {
              setOpen(false);
              setPaid(true);
              onPaid();
            }}
          />
        </>
      )}
    </div>
  );
}
