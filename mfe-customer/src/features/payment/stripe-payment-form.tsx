import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentIntent, Stripe } from '@stripe/stripe-js';
import { loadStripe as loadStripeJs } from '@stripe/stripe-js/pure';
import { messages } from '@fragtbud/contracts';
import { Button } from '@fragtbud/web';

export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

const loaded = new Map<string, Promise<Stripe | null>>();

/** Loads Stripe.js from js.stripe.com once per key, only when a Stripe payment is actually shown. */
export const loadStripeOnce: StripeLoader = (publishableKey) => {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripeJs(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
};

/** Where Stripe sends the browser back when the payment method needs a redirect (MobilePay, 3-D Secure …). */
export function stripeReturnUrl(taskId: number): string {
  return `${window.location.origin}/payment-success?taskId=${taskId}`;
}

export type StripeOutcome = { kind: 'paid'; paymentIntentId: string } | { kind: 'unexpected'; status: string };

interface StripePaymentFormProps {
  taskId: number;
  publishableKey: string;
  clientSecret: string;
  submitLabel: string;
  error: string | null;
  onCardError: (message: string) => void;
  onOutcome: (outcome: StripeOutcome) => Promise<void> | void;
  onCancel: () => void;
  loadStripe?: StripeLoader;
}

/** Stripe's Payment Element (card, MobilePay where the account has it) for the intent's client secret. */
export function StripePaymentForm({ publishableKey, clientSecret, loadStripe = loadStripeOnce, ...rest }: StripePaymentFormProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [loadStripe, publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, locale: 'da' }}>
      <CheckoutForm {...rest} />
    </Elements>
  );
}

function outcomeOf(intent: PaymentIntent | undefined): StripeOutcome {
  if (intent && (intent.status === 'succeeded' || intent.status === 'processing')) return { kind: 'paid', paymentIntentId: intent.id };
  return { kind: 'unexpected', status: intent?.status ?? 'ukendt' };
}

function CheckoutForm({
  taskId,
  submitLabel,
  error,
  onCardError,
  onOutcome,
  onCancel,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret' | 'loadStripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: stripeReturnUrl(taskId) },
        redirect: 'if_required',
      });
      if (result.error) {
        onCardError(result.error.message?.trim() || messages.paymentFailed);
        return;
      }
      await onOutcome(outcomeOf(result.paymentIntent));
    } catch {
      onCardError(messages.paymentFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pay-form" onSubmit={submit} aria-label="Kortbetaling">
      <PaymentElement />
      {error && (
        <p className="pay-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="pay-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Annuller
        </Button>
        <Button type="submit" loading={busy} disabled={!stripe || !elements}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
