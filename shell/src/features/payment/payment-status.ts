import { limits, messages, type PaymentStateResponse, type Task } from '@fragtbud/contracts';
import { api, isApiError } from '@fragtbud/web';
import { getTask } from '../tasks/api/get-task';

export const PAYMENT_STATUS_TIMEOUT = 'Statusopdateringen tog for lang tid – genindlæs siden.';
export const PAYMENT_SUCCESS_TITLE = 'Betaling gennemført';

/** POST /payments/confirm: the server asks the provider about the intent and books it when it succeeded. */
export function confirmPayment(paymentIntentId: string, signal?: AbortSignal): Promise<PaymentStateResponse> {
  return api.post<PaymentStateResponse>('/payments/confirm', { paymentIntentId }, { signal });
}

/** Spec section 8: a failed card step shows the server's text, else 'Der opstod en fejl under betalingen.'. */
export function paymentFailureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 403) return error.message;
    return error.serverMessage ?? messages.paymentFailed;
  }
  return messages.paymentFailed;
}

const PAID_OR_LATER = new Set<Task['status']>(['paid', 'picked_up', 'in_transit', 'in_progress', 'delivered', 'completed']);

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Spec sections 4 and 9: GET /tasks/{id} up to 8 times, 2.5 s apart, until the task is paid (or beyond). True when it
 * is, false after the last attempt; a failed poll counts as an attempt.
 */
export async function pollUntilPaid(taskId: number, signal?: AbortSignal): Promise<boolean> {
  for (let attempt = 1; attempt <= limits.paymentPollAttempts; attempt++) {
    try {
      if (PAID_OR_LATER.has((await getTask(taskId, signal)).status)) return true;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    if (attempt < limits.paymentPollAttempts) await wait(limits.paymentPollIntervalMs, signal);
  }
  return false;
}
