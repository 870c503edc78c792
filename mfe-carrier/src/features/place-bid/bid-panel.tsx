import { useState } from 'react';
import { messages } from '@fragtbud/contracts';
import { BidStatusBadge, Button, useSession, type BidPanelProps, toast } from '@fragtbud/web';
import { BID_PLACED } from './api/place-bid';
import { PlaceBidModal } from './components/place-bid-modal';
import './place-bid.css';

export const BIDDING_CLOSED_TITLE = 'Budrunden er lukket';

function closedReason({ task, bidding }: Pick<BidPanelProps, 'task' | 'bidding'>): string | null {
  const status = bidding?.status ?? task.status;
  if (status !== 'open_for_bids') return messages.biddingClosed;
  if (bidding && !bidding.bidding_open) {
    return bidding.bid_count >= bidding.max_bids ? `${messages.bidLimitReached} (${bidding.bid_count}/${bidding.max_bids} bud)` : messages.biddingClosed;
  }
  return null;
}

/**
 * The carrier's part of the bids tab (exposed as `./BidPanel`): 'Byd på opgaven' and its modal for an approved carrier
 * while the round is open; otherwise why they cannot bid — not approved, blocked, bidding closed, or their bid is in.
 */
export function BidPanel({ task, bidding, ownBid, onChanged, now }: BidPanelProps & { now?: () => Date }) {
  const user = useSession((state) => state.user);
  const [modalOpen, setModalOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  if (!user || user.role !== 'carrier') return null;

  let content;
  if (ownBid) {
    content = (
      <p className="bid-panel__own">
        Du har afgivet et bud på opgaven. <BidStatusBadge status={ownBid.status} />
      </p>
    );
  } else if (user.is_blocked) {
    content = <p className="bid-panel__blocked">{messages.accountBlocked}</p>;
  } else if (!user.is_approved) {
    content = (
      <div className="bid-panel__closed" role="note">
        <strong>Du kan ikke byde endnu</strong>
        <span>{messages.carrierNotApproved}</span>
      </div>
    );
  } else {
    const reason = closedReason({ task, bidding });
    content = reason ? (
      <div className="bid-panel__closed" role="note">
        <strong>{BIDDING_CLOSED_TITLE}</strong>
        <span>{reason}</span>
      </div>
    ) : (
      <Button
        onClick={() => {
          setNotice(null);
          setModalOpen(true);
        }}
      >
        Byd på opgaven
      </Button>
    );
  }

  return (
    <div className="bid-panel">
      {notice && (
        <p className={`bid-panel__notice bid-panel__notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {content}
      <PlaceBidModal
        taskId={task.id}
        open={modalOpen}
        now={now}
        onClose={() => setModalOpen(false)}
        onPlaced={() => {
          setModalOpen(false);
          setNotice(null);
          toast.success(BID_PLACED);
          onChanged();
        }}
        onRefused={(message) => {
          setModalOpen(false);
          setNotice({ kind: 'error', text: message });
          onChanged();
        }}
      />
    </div>
  );
}
