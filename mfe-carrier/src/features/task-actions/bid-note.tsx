import { Link } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { useSession, type CarrierTaskActionsProps } from '@fragtbud/web';
import { useTaskBids } from './api/list-task-bids';

/**
 * A carrier on a task open for bids: where to bid, or — once they have a bid — that it is in, and that it can be
 * changed on the bids tab while it is pending ('Ret bud'). Nothing on a task in any other status.
 */
export function BidNote({ task }: CarrierTaskActionsProps) {
  if (task.status !== 'open_for_bids') return null;
  return <OpenTaskBidNote taskId={task.id} />;
}

function OpenTaskBidNote({ taskId }: { taskId: number }) {
  const { data, isError } = useTaskBids(taskId);
  const viewerId = useSession((state) => state.user?.id ?? null);
  const approved = useSession((state) => state.user?.is_approved === true && !state.user.is_blocked);
  if (!data && !isError) return null; // not yet known: no invitation to bid a second time
  const ownBid = data?.items.find((bid) => bid.view === 'carrier' && bid.carrier_id === viewerId);
  // Not invited to bid where the bids tab would refuse: an account awaiting approval, or every slot taken.
  if (!ownBid && !approved) return <p className="fb-muted">{messages.carrierNotApproved}</p>;
  if (!ownBid && data?.bidding?.bidding_open === false) return <p className="fb-muted">{messages.bidLimitReached}</p>;
  if (!ownBid) {
    return (
      <p className="fb-muted">
        Opgaven er åben for bud. <Link to="?tab=bids">Byd på opgaven under fanen Bud</Link>
      </p>
    );
  }
  return (
    <p className="fb-muted">
      Du har afgivet et bud på opgaven.{' '}
      {ownBid.status === 'pending' ? <Link to="?tab=bids">Du kan rette det under fanen Bud.</Link> : <Link to="?tab=bids">Se det under fanen Bud.</Link>}
    </p>
  );
}
