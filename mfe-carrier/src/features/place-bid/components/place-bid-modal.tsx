import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messages, type CarrierBid } from '@fragtbud/contracts';
import { Button, Field, Modal, fieldErrorsOf, formatDanishNumberInput, isApiError, useSubmitKey } from '@fragtbud/web';
import { BID_NOT_UPDATED, useChangeBid } from '../api/change-bid';
import { BID_NOT_PLACED, usePlaceBid } from '../api/place-bid';
import { clearBidDraft, loadBidDraft, saveBidDraft } from '../model/draft';
import { checkPrice } from '../model/price';
import { KEEP, defaultValidity, keptValidity, validUntilOf, type ValidityState } from '../model/validity';
import { PayoutPreview } from './payout-preview';
import { ValidityPicker } from './validity-picker';

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * Refusals the carrier should read as the server put them: the round closed or full, a bid already there, the account;
 * while editing, the bid no longer pending.
 */
const SERVER_WORDED = new Set([
  'bidding_closed',
  'bid_limit_reached',
  'already_bid',
  'not_carrier',
  'carrier_not_approved',
  'account_blocked',
  'task_not_found',
  'bid_not_found',
  'bid_not_pending',
]);

export interface PlaceBidModalProps {
  taskId: number;
  /** The signed-in carrier: a typed bid is kept as their draft for the task (reload, new login). */
  userId: number;
  open: boolean;
  onClose: () => void;
  onPlaced: (bid: CarrierBid) => void;
  /** The server refused for a reason that changes the panel (closed, full, already bid, not approved). */
  onRefused: (message: string) => void;
  /** Editing this bid of the carrier's ('Ret bud', PUT /bids/{id}) instead of placing a new one. */
  bid?: CarrierBid;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * 'Afgiv bud på opgave #12' (or 'Ret bud på opgave #12' for the carrier's pending bid): the net price (Danish number
 * input) with a live payout preview, and the validity. The price is checked with the server's schema before anything
 * is sent; the validity goes as the instant `valid_until` (left out when an edited bid keeps its own). The input is
 * kept as a draft (per task, or per bid being changed) in sessionStorage until it is sent or cancelled.
 */
export function PlaceBidModal({ taskId, userId, open, onClose, onPlaced, onRefused, bid, now = () => new Date() }: PlaceBidModalProps) {
  const formId = useId();
  const openedAt = now();
  const editing = bid !== undefined;
  const [draft] = useState(() => loadBidDraft(taskId, userId, bid?.id));
  const initialPrice = () => (editing ? formatDanishNumberInput(bid.price) : '');
  const initialValidity = () => (editing ? keptValidity(now()) : defaultValidity(now()));
  const [priceText, setPriceText] = useState(() => draft?.priceText ?? initialPrice());
  const [priceTouched, setPriceTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [validity, setValidity] = useState<ValidityState>(() => draft?.validity ?? initialValidity());
  const place = usePlaceBid();
  const change = useChangeBid();
  const mutation = editing ? change : place;
  const bidKey = useSubmitKey(draft?.submitKey);
  const notSent = editing ? BID_NOT_UPDATED : BID_NOT_PLACED;

  const priceCheck = checkPrice(priceText);
  const net = priceCheck.net;
  const validityResult = validUntilOf(validity, openedAt, editing ? new Date(bid.valid_until) : undefined);
  const serverFields = fieldErrorsOf(mutation.error);
  const priceError =
    (attempted || (priceTouched && priceText !== '')) && net === null ? (priceCheck.error ?? messages.invalidPrice) : (serverFields.price ?? null);
  const validityError = attempted || validity.date === '' ? validityResult.error : null;
  const refused = isApiError(mutation.error) && SERVER_WORDED.has(mutation.error.code);
  const failure = mutation.error && !refused && !serverFields.price && !serverFields.valid_until ? notSent : null;
  const failureReason = isApiError(mutation.error) && mutation.error.serverMessage !== notSent ? mutation.error.serverMessage : undefined;

  /** What was typed, kept for a reload or a new login (`submitKey` once a new bid was sent). */
  const keepDraft = (next: { priceText?: string; validity?: ValidityState; submitKey?: string }) => {
    saveBidDraft(taskId, { ownerId: userId, priceText, validity, ...next }, bid?.id);
  };

  const reset = () => {
    setPriceText(initialPrice());
    setPriceTouched(false);
    setAttempted(false);
    setValidity(initialValidity());
    clearBidDraft(taskId, bid?.id);
  };

  const close = () => {
    if (mutation.isPending) return;
    reset();
    mutation.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (mutation.isPending) return; // a double click: the bid is on its way
    mutation.reset();
    if (net === null || !validityResult.until) return;
    if (editing) {
      change.mutate(
        {
          bidId: bid.id,
          taskId,
          price: net,
          ...(validity.choice === KEEP ? {} : { valid_until: validityResult.until.toISOString() }),
        },
        {
          onSuccess: (changed) => {
            clearBidDraft(taskId, bid.id);
            onPlaced(changed);
          },
        },
      );
      return;
    }
    const idempotencyKey = bidKey.current();
    keepDraft({ submitKey: idempotencyKey }); // a retry after a reload or a new login sends the same key
    place.mutate(
      { taskId, price: net, valid_until: validityResult.until.toISOString(), idempotencyKey },
      {
        onSuccess: (placed) => {
          bidKey.renew();
          reset();
          onPlaced(placed);
        },
      },
    );
  };

  // A refusal that changes what the panel shows (closed, full, already bid, not approved) is said there instead.
  const { error: sendError, reset: resetSend } = mutation;
  const onRefusedRef = useLatest(onRefused);
  const clearDraftRef = useLatest(() => clearBidDraft(taskId, bid?.id));
  useEffect(() => {
    if (!isApiError(sendError) || !SERVER_WORDED.has(sendError.code)) return;
    resetSend();
    clearDraftRef.current();
    onRefusedRef.current(sendError.serverMessage ?? sendError.message);
  }, [sendError, resetSend, onRefusedRef, clearDraftRef]);

  return (
    <Modal
      open={open}
      title={`${editing ? 'Ret bud' : 'Afgiv bud'} på opgave #${taskId}`}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={mutation.isPending}>
            Annuller
          </Button>
          <Button type="submit" form={formId} loading={mutation.isPending}>
            {editing ? 'Gem bud' : 'Afgiv bud'}
          </Button>
        </>
      }
    >
      <form id={formId} className="place-bid" onSubmit={submit} noValidate aria-label="Dit bud">
        <Field
          label="Din pris ekskl. moms (DKK)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={priceText}
          onChange={(event) => {
            setPriceText(event.target.value);
            keepDraft({ priceText: event.target.value });
            bidKey.renew(); // another price is another bid
            mutation.reset();
          }}
          onBlur={() => setPriceTouched(true)}
          error={priceError}
          hint="Det beløb, du vil have for opgaven. Fragtbuds gebyr trækkes fra, inden du får udbetalt."
        />
        <PayoutPreview taskId={taskId} net={net} />
        <ValidityPicker
          value={validity}
          onChange={(next) => {
            setValidity(next);
            keepDraft({ validity: next });
            bidKey.renew();
            mutation.reset();
          }}
          now={openedAt}
          until={validityResult.until}
          error={validityError ?? serverFields.valid_until ?? null}
          keep={editing}
        />
        {failure && (
          <div className="fb-form-error" role="alert">
            {failure}
            {failureReason && <span className="place-bid__reason">{failureReason}</span>}
          </div>
        )}
      </form>
    </Modal>
  );
}
