import {
  limits,
  messages,
  paymentCurrency,
  type PaymentIntentResponse,
  type PaymentStateResponse,
  type Task,
} from '@fragtbud/contracts';
import { api, isApiError } from '@fragtbud/web';

/**
 * POST /payments/intents: the card step for the task's accepted bid (the server computes the amount). One
 * Idempotency-Key per opening of the payment, so a repeat gives the same intent.
 */
export function createPaymentIntent(taskId: number, idempotencyKey: string): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>('/payments/intents', { taskId, currency: paymentCurrency }, { idempotencyKey });
}

/** POST /payments/mock/{id}/complete: the mock provider's card step. */
export function completeMockPayment(paymentIntentId: string, card: string): Promise<PaymentStateResponse> {
  return api.post<PaymentStateResponse>(`/payments/mock/${encodeURIComponent(paymentIntentId)}/complete`, { card });
}

/** POST /payments/confirm: asks the server to look at the provider's intent now (the webhook may be slower). */
export function confirmPayment(paymentIntentId: string): Promise<PaymentStateResponse> {
  return api.post<PaymentStateResponse>('/payments/confirm', { paymentIntentId });
}

/** Spec section 8: why a payment could not start (POST /payments/intents failed). */
export function intentErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.couldNotStartPayment;
  if (error.code === 'bid_expired') return messages.paymentDeadlinePassed;
  if (error.status === 0) return messages.couldNotStartPayment;
  if (error.status === 401 || error.status === 403) return error.message;
  return error.serverMessage ?? messages.paymentCreateFailed;
}

/** Spec section 8: a failed card step shows the provider's or server's text, else the general payment failure. */
export function cardErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 403) return error.message;
    return error.serverMessage ?? messages.paymentFailed;
  }
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return messages.paymentFailed;
}

export const PAYMENT_STATUS_TIMEOUT = 'Statusopdateringen tog for lang tid – genindlæs siden.';

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `paid` and every status that can only follow it. */
const PAID_OR_LATER = new Set<Task['status']>(['paid', 'picked_up', 'in_transit', 'in_progress', 'delivered', 'completed']);

/**
 * Spec sections 4 and 9: GET /tasks/{id} up to 8 times, 2.5 s apart, until the task is `paid`. Resolves true once it
 * is (or has moved on past paid), false after the last attempt. A failed poll counts as an attempt.
 */
export async function pollUntilPaid(
  taskId: number,
  { signal, attempts = limits.paymentPollAttempts, intervalMs = limits.paymentPollIntervalMs }: { signal?: AbortSignal; attempts?: number; intervalMs?: number } = {},
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const answer = await api.get<{ task?: Task } | Task>(`/tasks/${taskId}`, { signal });
      const task = 'task' in answer && answer.task ? answer.task : (answer as Task);
      if (PAID_OR_LATER.has(task.status)) return true;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    if (attempt < attempts) await wait(intervalMs, signal);
  }
  return false;
}
