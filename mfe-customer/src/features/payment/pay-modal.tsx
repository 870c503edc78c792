import { useRef, useState } from 'react';
import { messages, type PaymentIntentResponse } from '@fragtbud/contracts';
import { Modal, Spinner, formatDkkFromKroner, newIdempotencyKey, toast } from '@fragtbud/web';
import { useCompleteMockPayment } from './api/complete-mock-payment';
import { useConfirmPayment } from './api/confirm-payment';
import { usePaymentIntent } from './api/create-payment-intent';
import { usePaidPoll } from './api/poll-until-paid';
import { MockCardForm } from './mock-card-form';
import { PAYMENT_STATUS_TIMEOUT, cardErrorMessage, intentErrorMessage } from './model/payment-messages';
import { StripePaymentForm, type StripeLoader, type StripeOutcome } from './stripe-payment-form';

type Intent = PaymentIntentResponse & { clientSecret: string; paymentIntentId: string };

type Phase =
  | { kind: 'starting' }
  | { kind: 'failed'; message: string }
  | { kind: 'form'; intent: Intent }
  | { kind: 'polling' }
  | { kind: 'timeout' };

interface PayModalProps {
  taskId: number;
  open: boolean;
  onClose: () => void;
  /** The task is paid (the polls saw it): the panel shows the success text and the shell reloads the task. */
  onPaid: () => void;
  loadStripe?: StripeLoader;
}

export const UNEXPECTED_STATUS = (status: string) => `Uventet status: ${status}`;

/** The payment modal: each opening creates the intent, shows the provider's card step, then polls until it is paid. */
export function PayModal({ open, onClose, ...flow }: PayModalProps) {
  return (
    <Modal open={open} title="Betal opgaven" onClose={onClose}>
      {open && <PaymentFlow onClose={onClose} {...flow} />}
    </Modal>
  );
}


/** What the modal shows, from the intent, whether the card step is done, and the polls. */
function phaseOf(intent: ReturnType<typeof usePaymentIntent>, polling: boolean, paid: boolean | undefined): Phase {
  if (intent.isPending) return { kind: 'starting' };
  if (intent.isError) return { kind: 'failed', message: intentErrorMessage(intent.error) };
  if (polling || intent.data.paid) return paid === false ? { kind: 'timeout' } : { kind: 'polling' };
  const { clientSecret, paymentIntentId } = intent.data;
  if (!clientSecret || !paymentIntentId || (intent.data.provider === 'stripe' && !intent.data.publishableKey)) {
    return { kind: 'failed', message: messages.paymentFlowInitFailed };
  }
  return { kind: 'form', intent: { ...intent.data, clientSecret, paymentIntentId } };
}

/** One opening of the modal (mounted while it is open, so closing cancels the polls and forgets the intent). */
function PaymentFlow({ taskId, onClose, onPaid, loadStripe }: Omit<PayModalProps, 'open'>) {
  // One opening of the modal is one payment attempt: its key makes a repeated intent request the same intent.
  const [attempt] = useState(newIdempotencyKey);
  const [polling, setPolling] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  const intent = usePaymentIntent(taskId, attempt);
  const poll = usePaidPoll(taskId, attempt, polling || intent.data?.paid === true, () => onPaidRef.current());
  const completeMock = useCompleteMockPayment();
  const confirm = useConfirmPayment();
  const phase = phaseOf(intent, polling, poll.data);

  const payMock = async (paymentIntentId: string, card: string) => {
    setCardError(null);
    try {
      const state = await completeMock.mutateAsync({ paymentIntentId, card });
      if (state.paid || state.status === 'succeeded') setPolling(true);
      else setCardError(UNEXPECTED_STATUS(state.providerStatus || state.status));
    } catch (error) {
      const message = cardErrorMessage(error);
      setCardError(message);
      // Spec: card errors are toasted too, so they are seen even when the field is scrolled away on a phone.
      toast.error(message);
    }
  };

  const afterStripe = async (outcome: StripeOutcome) => {
    if (outcome.kind === 'unexpected') {
      setCardError(UNEXPECTED_STATUS(outcome.status));
      return;
    }
    setCardError(null);
    await confirm.mutateAsync(outcome.paymentIntentId).catch(() => undefined);
    setPolling(true);
  };

  const submitLabel = (amount: number | null) => (amount === null ? 'Betal' : `Betal ${formatDkkFromKroner(amount)}`);

  return (
    <>
      {phase.kind === 'starting' && <Spinner label="Starter betaling…" />}
      {phase.kind === 'failed' && (
        <p className="pay-form__error" role="alert">
          {phase.message}
        </p>
      )}
      {phase.kind === 'form' && (
        <>
          {phase.intent.amount !== null && (
            <p className="pay-modal__amount">
              Beløb: <strong>{formatDkkFromKroner(phase.intent.amount)}</strong> inkl. moms og gebyrer
            </p>
          )}
          {phase.intent.provider === 'mock' ? (
            <MockCardForm
              submitLabel={submitLabel(phase.intent.amount)}
              error={cardError}
              onAttempt={() => setCardError(null)}
              onCancel={onClose}
              onPay={(card) => payMock(phase.intent.paymentIntentId, card)}
            />
          ) : (
            <StripePaymentForm
              taskId={taskId}
              publishableKey={phase.intent.publishableKey ?? ''}
              clientSecret={phase.intent.clientSecret}
              submitLabel={submitLabel(phase.intent.amount)}
              error={cardError}
              onCardError={setCardError}
              onOutcome={afterStripe}
              onCancel={onClose}
              loadStripe={loadStripe}
            />
          )}
        </>
      )}
      {phase.kind === 'polling' && <Spinner label="Betalingen registreres…" />}
      {phase.kind === 'timeout' && (
        <p className="pay-form__error" role="alert">
          {PAYMENT_STATUS_TIMEOUT}
        </p>
      )}
    </>
  );
}
