import { useState } from 'react';
import { messages, type BidView, type CarrierSummary } from '@fragtbud/contracts';
import { BidDecision, isBidDecidable } from './bid-decision';
import { BidsTable } from './bids-table';
import type { BidDecisionCalls } from './decision-failure';
import './bids.css';

export interface DecidableBidsProps {
  /** Who chooses: the task's owner sees what they would pay, an admin the full breakdown. */
  viewer: 'customer' | 'admin';
  bids: readonly BidView[];
  carriers?: ReadonlyMap<number, CarrierSummary>;
  /** The task open for bids, and whether a bid is chosen already (from all of the task's bids, not only those shown). */
  taskOpen: boolean;
  anyAccepted: boolean;
  /** The accept and reject calls, from the remote that owns the choice. */
  calls: BidDecisionCalls;
  /** What the notice says once a bid is chosen: the owner's words differ from an admin's. */
  acceptedNotice: (carrierName: string) => string;
  /** Called with the bid as the server answered after it was accepted or rejected. */
  onDecided: (bid: BidView) => void;
  /** The carrier changed the price after it was shown, so nothing was chosen: the bids are stale. */
  onBidsStale?: () => void;
}

/**
 * The bids with 'Vælg bud' and 'Afvis' on each pending bid while the task is open and none is chosen, and the notice of
 * what happened — one table for the owner's `./ChooseBid` (mfe-customer) and the admin's `./AdminBids` (mfe-admin).
 */
export function DecidableBids({ viewer, bids, carriers, taskOpen, anyAccepted, calls, acceptedNotice, onDecided, onBidsStale }: DecidableBidsProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const context = { taskOpen, anyAccepted };
  return (
    <div className="fb-decidable-bids">
      {notice && (
        <p className="fb-decidable-bids__notice" role="status">
          {notice}
        </p>
      )}
      {bids.length > 0 && (
        <BidsTable
          viewer={viewer}
          bids={bids}
          carriers={carriers}
          renderActions={(bid) =>
            bid.view !== 'carrier' && isBidDecidable(bid, context) ? (
              <BidDecision
                bid={bid}
                calls={calls}
                onDecided={(decided) => {
                  setNotice(decided.status === 'accepted' ? acceptedNotice(decided.carrier_name) : `Buddet fra ${decided.carrier_name} er afvist.`);
                  onDecided(decided);
                }}
                onPriceChanged={() => {
                  setNotice(messages.bidChanged);
                  onBidsStale?.();
                }}
              />
            ) : null
          }
        />
      )}
    </div>
  );
}
