import { useQuery } from '@tanstack/react-query';
import { limits, type Task } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

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

/**
 * The polls after a card step, once `enabled`: one run per payment attempt (never again on focus, never retried —
 * the polling has its own attempts), cancelled when the modal closes. `onPaid` runs when the task is paid; the answer
 * is false after the last poll without it.
 */
export function usePaidPoll(taskId: number, attempt: string, enabled: boolean, onPaid: () => void) {
  return useQuery({
    queryKey: queryKeys.paymentPoll(taskId, attempt),
    queryFn: async ({ signal }) => {
      const paid = await pollUntilPaid(taskId, { signal });
      if (paid) onPaid();
      return paid;
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
