import { Link, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { PageHeader, Spinner } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { PAYMENT_STATUS_TIMEOUT, PAYMENT_SUCCESS_TITLE, usePaymentReturn } from './api/confirm-payment';

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
  const outcome = usePaymentReturn({ paymentIntentId, redirectStatus, taskId });

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
