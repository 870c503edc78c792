import { limits, messages, type PaymentStateResponse, type Task } from '@fragtbud/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, queryKeys } from '@fragtbud/web';

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
      const answer = await api.get<{ task?: Pick<Task, 'status'> } | Pick<Task, 'status'>>(`/tasks/${taskId}`, { signal });
      const task = answer && 'task' in answer ? answer.task : (answer as Pick<Task, 'status'> | undefined);
      if (task && PAID_OR_LATER.has(task.status)) return true;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    if (attempt < limits.paymentPollAttempts) await wait(limits.paymentPollIntervalMs, signal);
  }
  return false;
}

export type PaymentOutcome =
  | { kind: 'nothing' }
  | { kind: 'paid'; taskId: number | null }
  | { kind: 'timeout'; taskId: number | null }
  | { kind: 'failed'; message: string; taskId: number | null };

export interface PaymentReturn {
  paymentIntentId: string | null;
  redirectStatus: string | null;
  taskId: number | null;
}

/** What the return address says without asking the server: nothing to confirm, or a failure the provider reported. */
export function knownPaymentOutcome({ paymentIntentId, redirectStatus, taskId }: PaymentReturn): PaymentOutcome | null {
  if (redirectStatus === 'failed') return { kind: 'failed', message: messages.paymentFailed, taskId };
  if (!paymentIntentId) return { kind: 'nothing' };
  return null;
}

/**
 * What the provider's redirect back means: confirm the intent with the server (which names the task it is for),
 * then poll the task until it is paid (spec section 4: 8 × 2.5 s, then 'took too long').
 */
export async function settlePaymentReturn(input: PaymentReturn, signal?: AbortSignal): Promise<PaymentOutcome> {
  const known = knownPaymentOutcome(input);
  if (known) return known;
  const paymentIntentId = input.paymentIntentId as string;
  let taskId = input.taskId;
  try {
    const state = await confirmPayment(paymentIntentId, signal);
    taskId = taskId ?? (typeof state.taskId === 'number' ? state.taskId : null);
    if (state.status === 'canceled') return { kind: 'failed', message: messages.paymentFailed, taskId };
    if (taskId === null) return state.paid ? { kind: 'paid', taskId } : { kind: 'timeout', taskId };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', message: paymentFailureMessage(error), taskId };
  }
  return { kind: (await pollUntilPaid(taskId, signal)) ? 'paid' : 'timeout', taskId };
}

/**
 * The outcome of a provider redirect, settled once per return (not again on focus, never retried: the polling has
 * its own attempts). Once the task is paid, its cached copy is asked for again.
 */
export function usePaymentReturn(input: PaymentReturn): PaymentOutcome | { kind: 'checking' } {
  const client = useQueryClient();
  const known = knownPaymentOutcome(input);
  const { data } = useQuery({
    queryKey: queryKeys.paymentReturn(input),
    queryFn: async ({ signal }) => {
      const outcome = await settlePaymentReturn(input, signal);
      if (outcome.kind === 'paid' && outcome.taskId !== null) void client.invalidateQueries({ queryKey: queryKeys.task(outcome.taskId) });
      return outcome;
    },
    enabled: known === null,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return known ?? data ?? { kind: 'checking' };
}
