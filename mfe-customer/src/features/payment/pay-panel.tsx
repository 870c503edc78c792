import { useState } from 'react';
import { messages, type BidsPage } from '@fragtbud/contracts';
import { Button, api, bidHeadlineAmount, formatDkkFromKroner, useApiQuery, type PayPanelProps } from '@fragtbud/web';
import { PayModal } from './pay-modal';
import type { StripeLoader } from './stripe-payment-form';
import './pay-panel.css';


export const PAYMENT_SUCCESS_TITLE = 'Betaling gennemført';

/** The accepted bid's gross total (GET /bids?taskId= lists only that bid to the owner once one is chosen). */
function useAcceptedTotal(taskId: number, enabled: boolean): number | null {
  const { data } = useApiQuery(enabled ? `accepted-bid:${taskId}` : null, (signal) =>
    api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal }),
  );
  const accepted = data?.items.find((bid) => bid.status === 'accepted');
  return accepted ? bidHeadlineAmount(accepted) : null;
}

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
