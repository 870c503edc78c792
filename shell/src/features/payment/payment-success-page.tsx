import { Link, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { PageHeader, Spinner } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { PAYMENT_STATUS_TIMEOUT, PAYMENT_SUCCESS_TITLE, usePaymentReturn } from './api/confirm-payment';

export const NO_PAYMENT_TO_SHOW = 'Der er ingen betaling at vise her. Dine opgaver og deres betalinger finder du på dit dashboard.';

function taskIdFrom(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * /payment-success: where Stripe returns the browser after a redirecting payment method
 * (`?payment_intent=pi_…&redirect_status=succeeded&taskId=…`). Confirms the intent with the server, then polls the
 * task (8 × 2.5 s) until it is paid; the intent names the task when the address does not.
 */
export function PaymentSuccessPage() {
  useDocumentTitle('Betaling');
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get('payment_intent');
  const redirectStatus = searchParams.get('redirect_status');
  const taskId = taskIdFrom(searchParams.get('taskId') ?? searchParams.get('task_id'));
  const outcome = usePaymentReturn({ paymentIntentId, redirectStatus, taskId });

  const outcomeTaskId = 'taskId' in outcome ? outcome.taskId : null;
  const linkedTaskId = outcomeTaskId ?? taskId;

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
        {outcome.kind === 'nothing' && <p>{NO_PAYMENT_TO_SHOW}</p>}
        {outcome.kind === 'timeout' && <p role="alert">{PAYMENT_STATUS_TIMEOUT}</p>}
        {outcome.kind === 'failed' && <p role="alert">{outcome.message}</p>}
        <div className="fb-row">
          {linkedTaskId !== null && (
            <Link className="fb-button fb-button--primary" to={`/task/${linkedTaskId}`}>
              Gå til opgaven
            </Link>
          )}
          <Link className={`fb-button ${linkedTaskId !== null ? 'fb-button--secondary' : 'fb-button--primary'}`} to="/dashboard">
            Gå til dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
