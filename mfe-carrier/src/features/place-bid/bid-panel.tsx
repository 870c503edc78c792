import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { BidStatusBadge, Button, EDIT_BID_PARAM, EDIT_BID_VALUE, useSession, type BidPanelProps, toast } from '@fragtbud/web';
import { BID_UPDATED } from './api/change-bid';
import { BID_PLACED } from './api/place-bid';
import { PlaceBidModal } from './components/place-bid-modal';
import { clearBidDraft, loadBidDraft } from './model/draft';
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
 * A draft bid left by a reload or a lost session reopens the modal with what was typed. 'Ret bud' in the carrier's own
 * row (`./CarrierBids`, `?bud=ret`) opens the same modal for their pending bid (PUT /bids/{id}).
 */
export function BidPanel({ task, bidding, ownBid, onChanged, now }: BidPanelProps & { now?: () => Date }) {
  const user = useSession((state) => state.user);
  const [modalOpen, setModalOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // The address ('?bud=ret') at which the carrier closed the edit: the modal closes in the same render as the toast or
  // notice. The router applies the new address in a transition, which lags behind (time-sliced, and held while anything
  // on the page suspends, e.g. a lazy chunk loading); until then the modal stayed open with 'Gem bud' enabled, and a
  // second click sent the change again. A new visit to the 'Ret bud' link (a new location key) opens it again.
  const [editClosedAt, setEditClosedAt] = useState<string | null>(null);
  const userId = user?.role === 'carrier' ? user.id : null;
  const mayBid = userId !== null && !ownBid && !user?.is_blocked && user?.is_approved === true && closedReason({ task, bidding }) === null;
  const hasOwnBid = ownBid !== null;

  // A bid typed before a reload or a new login: its modal opens again with the draft; once the bid is in, it goes.
  useEffect(() => {
    if (userId === null) return;
    if (hasOwnBid) clearBidDraft(task.id);
    else if (mayBid && loadBidDraft(task.id, userId)) setModalOpen(true);
  }, [userId, task.id, hasOwnBid, mayBid]);

  if (!user || user.role !== 'carrier') return null;

  const editable = ownBid?.status === 'pending' && task.status === 'open_for_bids';
  const editing = editable && searchParams.get(EDIT_BID_PARAM) === EDIT_BID_VALUE && editClosedAt !== location.key;
  const stopEditing = () => {
    setEditClosedAt(location.key);
    const next = new URLSearchParams(searchParams);
    next.delete(EDIT_BID_PARAM);
    setSearchParams(next, { replace: true });
  };

  // A task no longer open for bids is closed for everyone: approval would not open it ('Du kan ikke byde endnu' misleads).
  const notOpen = (bidding?.status ?? task.status) !== 'open_for_bids';
  let content;
  if (ownBid) {
    content = (
      <p className="bid-panel__own">
        Du har afgivet et bud på opgaven. <BidStatusBadge status={ownBid.status} />
      </p>
    );
  } else if (user.is_blocked) {
    content = <p className="bid-panel__blocked">{messages.accountBlocked}</p>;
  } else if (!user.is_approved && !notOpen) {
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
      {ownBid && editable && (
        <PlaceBidModal
          key={`${ownBid.id}:${ownBid.updated_at}`}
          taskId={task.id}
          userId={user.id}
          bid={ownBid}
          open={editing}
          now={now}
          onClose={stopEditing}
          onPlaced={() => {
            stopEditing();
            setNotice(null);
            toast.success(BID_UPDATED);
            onChanged();
          }}
          onRefused={(message) => {
            stopEditing();
            setNotice({ kind: 'error', text: message });
            onChanged();
          }}
        />
      )}
      <PlaceBidModal
        taskId={task.id}
        userId={user.id}
        open={modalOpen && !ownBid}
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
