import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { PageHeader, Spinner } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { PAYMENT_STATUS_TIMEOUT, PAYMENT_SUCCESS_TITLE, confirmPayment, paymentFailureMessage, pollUntilPaid } from './payment-status';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'nothing' }
  | { kind: 'paid' }
  | { kind: 'pending' }
  | { kind: 'timeout' }
  | { kind: 'failed'; message: string };

function taskIdFrom(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * /payment-success: where Stripe returns the browser after a redirecting payment method
 * (`?payment_intent=pi_…&redirect_status=succeeded&taskId=…`). Confirms the intent with the server, then polls the
 * task (8 × 2.5 s) until it is paid.
 */
export function PaymentSuccessPage() {
  useDocumentTitle('Betaling');
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get('payment_intent');
  const redirectStatus = searchParams.get('redirect_status');
  const taskId = taskIdFrom(searchParams.get('taskId') ?? searchParams.get('task_id'));
  const [outcome, setOutcome] = useState<Outcome>({ kind: paymentIntentId ? 'checking' : 'nothing' });

  useEffect(() => {
    if (!paymentIntentId) {
      setOutcome({ kind: 'nothing' });
      return;
    }
    if (redirectStatus === 'failed') {
      setOutcome({ kind: 'failed', message: messages.paymentFailed });
      return;
    }
    const controller = new AbortController();
    setOutcome({ kind: 'checking' });
    (async () => {
      let paid = false;
      try {
        const state = await confirmPayment(paymentIntentId, controller.signal);
        if (state.status === 'canceled') {
          setOutcome({ kind: 'failed', message: messages.paymentFailed });
          return;
        }
        paid = state.paid;
      } catch (error) {
        if (controller.signal.aborted) return;
        setOutcome({ kind: 'failed', message: paymentFailureMessage(error) });
        return;
      }
      if (taskId === null) {
        setOutcome({ kind: paid ? 'paid' : 'pending' });
        return;
      }
      const taskPaid = await pollUntilPaid(taskId, controller.signal);
      setOutcome({ kind: taskPaid ? 'paid' : 'timeout' });
    })().catch(() => undefined); // aborted: the page was left
    return () => controller.abort();
  }, [paymentIntentId, redirectStatus, taskId]);

  return (
    <div className="fb-container page">
      <PageHeader title="Betaling" />
      <div className="fb-card">
        {outcome.kind === 'checking' && <Spinner label="Bekræfter betalingen…" />}
        {outcome.kind === 'paid' && (
          <div role="status">
            <h2>{PAYMENT_SUCCESS_TITLE}</h2>
            <p>{messages.paymentSucceeded}</p>
          </div>
        )}
        {(outcome.kind === 'nothing' || outcome.kind === 'pending') && (
          <p>Vi behandler din betaling. Opgavens status opdateres, så snart betalingen er registreret.</p>
        )}
        {outcome.kind === 'timeout' && <p role="alert">{PAYMENT_STATUS_TIMEOUT}</p>}
        {outcome.kind === 'failed' && <p role="alert">{outcome.message}</p>}
        {taskId !== null ? (
          <Link className="fb-button fb-button--primary" to={`/task/${taskId}`}>
            Gå til opgaven
          </Link>
        ) : (
          <Link className="fb-button fb-button--primary" to="/dashboard">
            Gå til dashboard
          </Link>
        )}
      </div>
    </div>
  );
}
