import { Link } from 'react-router-dom';
import type { Role, Task } from '@fragtbud/contracts';
import { BidsTable, EmptyState, ErrorState, Spinner, sortBids, type User } from '@fragtbud/web';
import { isTaskOwner } from '../task-access';
import { BIDS_LOAD_ERROR } from './bids-tab';
import { useBidCarriers } from './list-bid-carriers';
import { useTaskBids } from './list-task-bids';
import { BidCount } from './bid-count';

export const CHAT_BIDS_TITLE = 'Bud på opgaven';
/** A carrier is listed only their own bids, so none listed means they have not bid (others may have). */
const NO_OWN_BID = 'Du har ikke budt på opgaven.';

/** Where the bids tab is pointed to: bidding and choosing only while that is possible, else to look. */
function bidsTabHint(role: Role, openForBids: boolean): string {
  if (!openForBids) return 'Se buddene under fanen Bud';
  return role === 'carrier' ? 'Byd eller ret dit bud under fanen Bud' : 'Vælg eller afvis bud under fanen Bud';
}

interface ChatBidListProps {
  task: Pick<Task, 'id' | 'user_id' | 'status'>;
  viewer: Pick<User, 'id' | 'role'>;
}

/**
 * The bid list beside the chat (spec section 2: 'chat panel plus bid list'): the bids tab's list and table, read only,
 * from the same query (so the same cut by svc-bids: the gross total for the owner, a carrier's own bids with their
 * payout, everything for an admin) and the same count. Choosing, rejecting and bidding stay on the bids tab.
 */
export function ChatBidList({ task, viewer }: ChatBidListProps) {
  const owner = isTaskOwner(task, viewer);
  const mayList = viewer.role === 'admin' || viewer.role === 'carrier' || owner;
  const { data, error, isFetching, refetch } = useTaskBids(mayList ? task.id : null);
  const { data: carriers } = useBidCarriers(data?.items ?? []);
  if (!mayList) return null;

  const role: Role = viewer.role === 'admin' || viewer.role === 'carrier' ? viewer.role : 'customer';
  const bids = sortBids(data?.items ?? [], 'price', carriers);
  const bidding = data?.bidding ?? null;
  // A carrier acts on the bids tab while they may bid (a slot is free) or change their own bid; others while it is open.
  const openForBids =
    (bidding?.status ?? task.status) === 'open_for_bids' && (role !== 'carrier' || bidding?.bidding_open !== false || bids.length > 0);

  let list;
  if (!data) {
    list = error ? <ErrorState message={BIDS_LOAD_ERROR} onRetry={() => void refetch()} /> : isFetching ? <Spinner label="Henter bud…" /> : null;
  } else if (bids.length === 0) {
    list = <EmptyState title={role === 'carrier' ? NO_OWN_BID : 'Ingen bud endnu'} />;
  } else {
    list = <BidsTable viewer={role} bids={bids} carriers={carriers} caption={CHAT_BIDS_TITLE} />;
  }

  return (
    <section className="bids-tab chat-bids" aria-label={CHAT_BIDS_TITLE}>
      <div className="bids-tab__header">
        <h2 className="task-section__title">{CHAT_BIDS_TITLE}</h2>
        {bidding && <BidCount bidding={bidding} bids={bids} />}
      </div>
      {list}
      <p className="fb-muted">
        <Link to="?tab=bids">{bidsTabHint(role, openForBids)}</Link>
      </p>
    </section>
  );
}
