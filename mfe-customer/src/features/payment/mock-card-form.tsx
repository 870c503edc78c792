import { useRef, useState, type FormEvent } from 'react';
import { isValidCardCvc, isValidCardNumber, messages, mockCards } from '@fragtbud/contracts';
import { Button, Field } from '@fragtbud/web';
import { cardExpiryProblem } from './card-expiry';

interface MockCardFormProps {
  /** The button's text, e.g. 'Betal 1.400,00 DKK'. */
  submitLabel: string;
  /** The card step; rejects with the error to show beside the form. */
  onPay: (card: string) => Promise<void>;
  error: string | null;
  /** A new attempt starts (before the fields are checked): the earlier attempt's error is no longer current. */
  onAttempt: () => void;
  onCancel: () => void;
}

/** The mock provider's card step: a clearly marked test form, the success card prefilled. */
export function MockCardForm({ submitLabel, onPay, error, onAttempt, onCancel }: MockCardFormProps) {
  const [card, setCard] = useState<string>(mockCards.success);
  const [expiry, setExpiry] = useState('12/34');
  const [cvc, setCvc] = useState('123');
  const [holder, setHolder] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const [cvcError, setCvcError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return; // a double click while the card step is on its way
    onAttempt();
    const digits = card.replace(/[\s-]/g, '');
    const numberProblem = isValidCardNumber(digits) ? null : messages.cardNumberInvalid;
    const expiryProblem = cardExpiryProblem(expiry);
    const cvcProblem = isValidCardCvc(cvc) ? null : messages.cardCvcInvalid;
    setCardError(numberProblem);
    setExpiryError(expiryProblem);
    setCvcError(cvcProblem);
    if (numberProblem || expiryProblem || cvcProblem) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await onPay(card);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="pay-form" onSubmit={submit} noValidate aria-label="Testbetaling">
      <p className="pay-form__test-banner" role="note">
        <strong>Testbetaling – der trækkes ingen penge</strong>
        <span>
          Brug {mockCards.success} for en gennemført betaling, {mockCards.declined} for et afvist kort.
        </span>
      </p>
      {/* The standard autofill tokens (cc-*), so a phone offers its saved card and the number keyboard. */}
      <Field
        label="Kortholders navn (valgfrit)"
        name="cc-name"
        autoComplete="cc-name"
        value={holder}
        onChange={(event) => setHolder(event.target.value)}
      />
      <Field
        label="Kortnummer"
        name="card"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card}
        hint={`Fx ${mockCards.success}`}
        error={cardError}
        onChange={(event) => setCard(event.target.value)}
      />
      <div className="pay-form__row">
        <Field
          label="Udløb (MM/ÅÅ)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={expiry}
          error={expiryError}
          onChange={(event) => {
            setExpiry(event.target.value);
            setExpiryError(null);
          }}
        />
        <Field
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={cvc}
          error={cvcError}
          onChange={(event) => {
            setCvc(event.target.value);
            setCvcError(null);
          }}
        />
      </div>
      {error && (
        <p className="pay-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="pay-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Annuller
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
