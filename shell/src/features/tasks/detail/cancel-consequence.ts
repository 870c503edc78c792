import type { Task } from '@fragtbud/contracts';
import { cancelConsequence } from '@fragtbud/web';
import { useTaskBids } from './bids/list-task-bids';

/**
 * What cancelling does to the money, for the admin's question before an approved deletion request cancels the task
 * (libs/web `cancelConsequence`; a paid task's refund is the total of the accepted bid, as the bids tab shows it).
 */
export function useCancelConsequence(task: Pick<Task, 'id' | 'paid_at'>): string {
  const paid = Boolean(task.paid_at);
  const { data } = useTaskBids(paid ? task.id : null);
  return cancelConsequence(paid, data?.items);
}
