import type { BidView } from '@fragtbud/contracts';
import { formatDkkFromKroner } from '../format/money';

/**
 * What cancelling does to the money, for the admin's question before a task is cancelled (a status change or an
 * approved deletion request): an unpaid task's carrier loses the job; a paid task is refunded at once (the total of
 * the accepted bid as the admin's bid list shows it, when it is known).
 */
export function cancelConsequence(paid: boolean, bids: readonly BidView[] | undefined): string {
  if (!paid) return 'Opgaven annulleres, og vognmanden mister opgaven.';
  const accepted = bids?.find((bid) => bid.status === 'accepted');
  const total = accepted && accepted.view !== 'carrier' ? formatDkkFromKroner(accepted.quote.total) : null;
  return total ? `Opgaven annulleres, og kunden får ${total} refunderet.` : 'Opgaven annulleres, og kunden får betalingen refunderet.';
}
