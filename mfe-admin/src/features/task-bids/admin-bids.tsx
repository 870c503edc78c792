import { DecidableBids, type AdminBidsProps } from '@fragtbud/web';
import { acceptBid } from './api/accept-bid';
import { rejectBid } from './api/reject-bid';

const decisionCalls = { accept: acceptBid, reject: rejectBid };

const acceptedNotice = (carrierName: string) => `Buddet fra ${carrierName} er valgt. Opgaven er tildelt.`;

/**
 * An admin's bids (spec section 6): every bid with the full breakdown, and 'Vælg bud' / 'Afvis' on a pending bid
 * while the task is open and none is chosen, as the owner has.
 */
export function AdminBids({ task, bids, anyAccepted, carriers, onDecided, onBidsStale }: AdminBidsProps) {
  return (
    <DecidableBids
      viewer="admin"
      bids={bids}
      carriers={carriers}
      taskOpen={task.status === 'open_for_bids'}
      anyAccepted={anyAccepted}
      calls={decisionCalls}
      acceptedNotice={acceptedNotice}
      onDecided={onDecided}
      onBidsStale={onBidsStale}
    />
  );
}
