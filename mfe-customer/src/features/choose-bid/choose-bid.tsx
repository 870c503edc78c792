import { DecidableBids, type ChooseBidProps } from '@fragtbud/web';
import { acceptBid } from './api/accept-bid';
import { rejectBid } from './api/reject-bid';

const decisionCalls = { accept: acceptBid, reject: rejectBid };

const acceptedNotice = (carrierName: string) => `Du har valgt buddet fra ${carrierName}. Opgaven er tildelt.`;

/**
 * The task owner's bids (spec sections 2 and 4): each as the gross total they would pay, its carrier's stars, reviews,
 * completed tasks and badges (linking to the carrier page), with 'Vælg bud' and 'Afvis' on
 * a pending bid while the task is open and none is chosen. Once one is chosen the server lists only that bid.
 */
export function ChooseBid({ task, bids, carriers, onDecided, onBidsStale }: ChooseBidProps) {
  return (
    <DecidableBids
      viewer="customer"
      bids={bids}
      carriers={carriers}
      taskOpen={task.status === 'open_for_bids'}
      anyAccepted={bids.some((bid) => bid.status === 'accepted')}
      calls={decisionCalls}
      acceptedNotice={acceptedNotice}
      onDecided={onDecided}
      onBidsStale={onBidsStale}
    />
  );
}
