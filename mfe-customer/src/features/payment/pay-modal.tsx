import { useCallback, useEffect, useRef, useState } from 'react';
import { messages, type PaymentIntentResponse } from '@fragtbud/contracts';
import { Modal, Spinner, formatDkkFromKroner, toast, useSubmitKey } from '@fragtbud/web';
import { MockCardForm } from './mock-card-form';
import {
  PAYMENT_STATUS_TIMEOUT,
  cardErrorMessage,
  completeMockPayment,
  confirmPayment,
  createPaymentIntent,
  intentErrorMessage,
  pollUntilPaid,
} from './payment-api';
import { StripePaymentForm, type StripeLoader, type StripeOutcome } from './stripe-payment-form';

type Phase =
  | { kind: 'starting' }
  | { kind: 'failed'; message: string }
  | { kind: 'form'; intent: PaymentIntentResponse & { clientSecret: string; paymentIntentId: string } }
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

/** The payment modal: creates the intent, shows the provider's card step, then polls the task until it is paid. */
export function PayModal({ taskId, open, onClose, onPaid, loadStripe }: PayModalProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [cardError, setCardError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const intentKey = useSubmitKey();
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  const waitForPaid = useCallback(async () => {
    const controller = controllerRef.current;
    setPhase({ kind: 'polling' });
    try {
      const paid = await pollUntilPaid(taskId, { signal: controller?.signal });
      if (controller?.signal.aborted) return;
      if (paid) onPaidRef.current();
      else setPhase({ kind: 'timeout' });
    } catch {
      // closed while polling
    }
  }, [taskId]);

  useEffect(() => {
    if (!open) {
      intentKey.renew(); // the next opening is a new payment attempt
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setPhase({ kind: 'starting' });
    setCardError(null);
    createPaymentIntent(taskId, intentKey.current()).then(
      (intent) => {
        if (controller.signal.aborted) return;
        if (intent.paid) {
          void waitForPaid();
          return;
        }
        const { clientSecret, paymentIntentId } = intent;
        if (!clientSecret || !paymentIntentId || (intent.provider === 'stripe' && !intent.publishableKey)) {
          setPhase({ kind: 'failed', message: messages.paymentFlowInitFailed });
          return;
        }
        setPhase({ kind: 'form', intent: { ...intent, clientSecret, paymentIntentId } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setPhase({ kind: 'failed', message: intentErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [open, taskId, waitForPaid, intentKey]);

  const payMock = async (paymentIntentId: string, card: string) => {
    setCardError(null);
    try {
      const state = await completeMockPayment(paymentIntentId, card);
      if (state.paid || state.status === 'succeeded') await waitForPaid();
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
    await confirmPayment(outcome.paymentIntentId).catch(() => undefined);
    await waitForPaid();
  };

  const submitLabel = (amount: number | null) => (amount === null ? 'Betal' : `Betal ${formatDkkFromKroner(amount)}`);

  return (
    <Modal open={open} title="Betal opgaven" onClose={onClose}>
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
    </Modal>
  );
}
