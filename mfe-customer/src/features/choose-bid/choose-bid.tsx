import { useCallback, useState } from 'react';
import { messages, type BidView } from '@fragtbud/contracts';
import { BidDecision, BidsTable, isBidDecidable, type ChooseBidProps } from '@fragtbud/web';
import { acceptBid } from './api/accept-bid';
import { rejectBid } from './api/reject-bid';
import './choose-bid.css';

const decisionCalls = { accept: acceptBid, reject: rejectBid };

function noticeFor(bid: BidView): string {
  return bid.status === 'accepted'
    ? `Du har valgt buddet fra ${bid.carrier_name}. Opgaven er tildelt.`
    : `Buddet fra ${bid.carrier_name} er afvist.`;
}

/**
 * The task owner's bids (spec sections 2 and 4): each as the gross total they would pay, its carrier's stars, reviews,
 * completed tasks and badges (linking to the carrier page), with 'Vælg bud' and 'Afvis' on
 * a pending bid while the task is open and none is chosen. Once one is chosen the server lists only that bid.
 */
export function ChooseBid({ task, bids, carriers, onDecided, onBidsStale }: ChooseBidProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const priceChanged = useCallback(() => {
    setNotice(messages.bidChanged);
    onBidsStale?.();
  }, [onBidsStale]);
  const context = { taskOpen: task.status === 'open_for_bids', anyAccepted: bids.some((bid) => bid.status === 'accepted') };

  return (
    <div className="choose-bid">
      {notice && (
        <p className="choose-bid__notice" role="status">
          {notice}
        </p>
      )}
      {bids.length > 0 && (
        <BidsTable
          viewer="customer"
          bids={bids}
          carriers={carriers}
          renderActions={(bid) =>
            bid.view !== 'carrier' && isBidDecidable(bid, context) ? (
              <BidDecision
                bid={bid}
                calls={decisionCalls}
                onDecided={(decided) => {
                  setNotice(noticeFor(decided));
                  onDecided(decided);
                }}
                onPriceChanged={priceChanged}
              />
            ) : null
          }
        />
      )}
    </div>
  );
}
