import type { Task } from '@fragtbud/contracts';
import { formatDkkFromKroner } from '@fragtbud/web';
import { useTaskBids } from './bids/list-task-bids';

/**
 * What cancelling does to the money, for the admin's question before a task is cancelled (a status change or an
 * approved deletion request): a paid task is refunded at once (the total of the accepted bid, as the bids tab shows it).
 */
export function useCancelConsequence(task: Pick<Task, 'id' | 'paid_at'>): string {
  const paid = Boolean(task.paid_at);
  const { data } = useTaskBids(paid ? task.id : null);
  if (!paid) return 'Opgaven annulleres, og vognmanden mister opgaven.';
  const accepted = data?.items.find((bid) => bid.status === 'accepted');
  const total = accepted && accepted.view !== 'carrier' ? formatDkkFromKroner(accepted.quote.total) : null;
  return total ? `Opgaven annulleres, og kunden får ${total} refunderet.` : 'Opgaven annulleres, og kunden får betalingen refunderet.';
}
