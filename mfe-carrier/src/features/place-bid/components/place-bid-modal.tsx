import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messages, type CarrierBid } from '@fragtbud/contracts';
import { Button, Field, Modal, fieldErrorsOf, isApiError, useSubmitKey } from '@fragtbud/web';
import { BID_NOT_PLACED, usePlaceBid } from '../api/place-bid';
import { netPriceOf } from '../model/price';
import { defaultValidity, validUntilOf, type ValidityState } from '../model/validity';
import { PayoutPreview } from './payout-preview';
import { ValidityPicker } from './validity-picker';

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** Refusals the carrier should read as the server put them: the round closed or full, a bid already there, the account. */
const SERVER_WORDED = new Set(['bidding_closed', 'bid_limit_reached', 'already_bid', 'not_carrier', 'carrier_not_approved', 'account_blocked', 'task_not_found']);

export interface PlaceBidModalProps {
  taskId: number;
  open: boolean;
  onClose: () => void;
  onPlaced: (bid: CarrierBid) => void;
  /** The server refused for a reason that changes the panel (closed, full, already bid, not approved). */
  onRefused: (message: string) => void;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * 'Afgiv bud på opgave #12': the net price (step 0.01, min 0) with a live payout preview, and the validity. The price is
 * checked with the server's schema before anything is sent; the validity goes as the instant `valid_until`.
 */
export function PlaceBidModal({ taskId, open, onClose, onPlaced, onRefused, now = () => new Date() }: PlaceBidModalProps) {
  const formId = useId();
  const openedAt = now();
  const [priceText, setPriceText] = useState('');
  const [priceTouched, setPriceTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [validity, setValidity] = useState<ValidityState>(() => defaultValidity(openedAt));
  const place = usePlaceBid();
  const bidKey = useSubmitKey();

  const net = netPriceOf(priceText);
  const validityResult = validUntilOf(validity, openedAt);
  const serverFields = fieldErrorsOf(place.error);
  const priceError =
    (attempted || (priceTouched && priceText !== '')) && net === null ? messages.invalidPrice : (serverFields.price ?? null);
  const validityError = attempted || validity.date === '' ? validityResult.error : null;
  const refused = isApiError(place.error) && SERVER_WORDED.has(place.error.code);
  const failure = place.error && !refused && !serverFields.price && !serverFields.valid_until ? BID_NOT_PLACED : null;
  const failureReason = isApiError(place.error) && place.error.serverMessage !== BID_NOT_PLACED ? place.error.serverMessage : undefined;

  const close = () => {
    if (place.isPending) return;
    setPriceText('');
    setPriceTouched(false);
    setAttempted(false);
    setValidity(defaultValidity(now()));
    place.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (place.isPending) return; // a double click: the bid is on its way
    place.reset();
    if (net === null || !validityResult.until) return;
    place.mutate(
      { taskId, price: net, valid_until: validityResult.until.toISOString(), idempotencyKey: bidKey.current() },
      {
        onSuccess: (bid) => {
          bidKey.renew();
          setPriceText('');
          setAttempted(false);
          setValidity(defaultValidity(now()));
          onPlaced(bid);
        },
      },
    );
  };

  // A refusal that changes what the panel shows (closed, full, already bid, not approved) is said there instead.
  const { error: placeError, reset: resetPlace } = place;
  const onRefusedRef = useLatest(onRefused);
  useEffect(() => {
    if (!isApiError(placeError) || !SERVER_WORDED.has(placeError.code)) return;
    resetPlace();
    onRefusedRef.current(placeError.serverMessage ?? placeError.message);
  }, [placeError, resetPlace, onRefusedRef]);

  return (
    <Modal
      open={open}
      title={`Afgiv bud på opgave #${taskId}`}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={place.isPending}>
            Annuller
          </Button>
          <Button type="submit" form={formId} loading={place.isPending}>
            Afgiv bud
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
            bidKey.renew(); // another price is another bid
            place.reset();
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
            bidKey.renew();
            place.reset();
          }}
          now={openedAt}
          until={validityResult.until}
          error={validityError ?? serverFields.valid_until ?? null}
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
