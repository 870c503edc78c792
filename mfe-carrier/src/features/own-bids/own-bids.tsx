import { Link } from 'react-router-dom';
import type { BidView } from '@fragtbud/contracts';
import { BidsTable, EDIT_BID_PARAM, EDIT_BID_VALUE, EmptyState, useSession, type CarrierBidsProps } from '@fragtbud/web';

const NO_OWN_BID = 'Du har ikke budt på opgaven.';
const EDIT_OWN_BID = 'Ret bud';

/** Whether the carrier may still change their bid (PUT /bids/{id}: theirs, pending, the round open). */
function isOwnBidEditable(bid: BidView, viewerId: number | null, taskStatus: CarrierBidsProps['task']['status']): boolean {
  return bid.view === 'carrier' && bid.carrier_id === viewerId && bid.status === 'pending' && taskStatus === 'open_for_bids';
}

/**
 * The carrier's list on the bids tab (exposed as `./CarrierBids`): their own bids with their payout, and 'Ret bud' on
 * their pending bid while the round is open, which opens `./BidPanel`'s modal for it (the panel watches `?bud=ret`).
 */
export function OwnBids({ task, bids, carriers }: CarrierBidsProps) {
  const viewerId = useSession((state) => (state.user?.role === 'carrier' ? state.user.id : null));
  if (bids.length === 0) {
    // A carrier is shown only their own bids: 'no bids yet' would contradict the count of everyone's bids above.
    return <EmptyState title={NO_OWN_BID} message="Du ser kun dine egne bud. Antal bud gælder alle vognmænds bud." />;
  }
  return (
    <BidsTable
      viewer="carrier"
      bids={bids}
      carriers={carriers}
      renderActions={(bid) =>
        isOwnBidEditable(bid, viewerId, task.status) ? (
          <Link className="fb-button fb-button--secondary fb-button--small" to={`?tab=bids&${EDIT_BID_PARAM}=${EDIT_BID_VALUE}`}>
            {EDIT_OWN_BID}
          </Link>
        ) : null
      }
    />
  );
}
