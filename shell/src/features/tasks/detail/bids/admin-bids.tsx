import { useState } from 'react';
import { messages, type BidView, type CarrierSummary } from '@fragtbud/contracts';
import { BidDecision, BidsTable, isBidDecidable } from '@fragtbud/web';
import { acceptBid } from './api/accept-bid';
import { rejectBid } from './api/reject-bid';

const decisionCalls = { accept: acceptBid, reject: rejectBid };

interface AdminBidsProps {
  taskOpen: boolean;
  bids: readonly BidView[];
  anyAccepted: boolean;
  onDecided: () => void;
  carriers?: ReadonlyMap<number, CarrierSummary>;
}

/**
 * An admin's bids: every bid with the full breakdown, and 'Vælg bud' / 'Afvis' like the owner has (spec section 6).
 * The admin's task actions live in the shell for now (as the status and delete controls do), so no remote is loaded.
 */
export function AdminBids({ taskOpen, bids, anyAccepted, onDecided, carriers }: AdminBidsProps) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      {notice && (
        <p className="task-notice task-notice--success" role="status">
          {notice}
        </p>
      )}
      <BidsTable
        viewer="admin"
        bids={bids}
        carriers={carriers}
        renderActions={(bid) =>
          bid.view !== 'carrier' && isBidDecidable(bid, { taskOpen, anyAccepted }) ? (
            <BidDecision
              bid={bid}
              calls={decisionCalls}
              onDecided={(decided) => {
                setNotice(
                  decided.status === 'accepted'
                    ? `Buddet fra ${decided.carrier_name} er valgt. Opgaven er tildelt.`
                    : `Buddet fra ${decided.carrier_name} er afvist.`,
                );
                onDecided();
              }}
              onPriceChanged={() => {
                setNotice(messages.bidChanged);
                onDecided();
              }}
            />
          ) : null
        }
      />
    </>
  );
}
