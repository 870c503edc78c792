import { useState } from 'react';
import { messages, type BidView } from '@fragtbud/contracts';
import { BidDecision, BidsTable, isBidDecidable, type AdminBidsProps } from '@fragtbud/web';
import { acceptBid } from './api/accept-bid';
import { rejectBid } from './api/reject-bid';

const decisionCalls = { accept: acceptBid, reject: rejectBid };

function noticeFor(bid: BidView): string {
  return bid.status === 'accepted' ? `Buddet fra ${bid.carrier_name} er valgt. Opgaven er tildelt.` : `Buddet fra ${bid.carrier_name} er afvist.`;
}

/**
 * An admin's bids (spec section 6): every bid with the full breakdown, and 'Vælg bud' / 'Afvis' on a pending bid
 * while the task is open and none is chosen, as the owner has.
 */
export function AdminBids({ task, bids, anyAccepted, carriers, onDecided, onBidsStale }: AdminBidsProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const context = { taskOpen: task.status === 'open_for_bids', anyAccepted };
  return (
    <div className="admin-bids">
      {notice && (
        <p className="admin-bids__notice" role="status">
          {notice}
        </p>
      )}
      <BidsTable
        viewer="admin"
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
              onPriceChanged={() => {
                setNotice(messages.bidChanged);
                onBidsStale();
              }}
            />
          ) : null
        }
      />
    </div>
  );
}
