import type { Knex } from 'knex';
import type { PaymentProviderName } from '@fragtbud/contracts';

/**
 * A card payment provider as svc-payments uses it: create a payment intent for an amount, and ask for it again.
 * The browser does the card step with the client secret (Stripe's Payment Element, or the mock form); the result
 * reaches us through POST /payments/confirm, Stripe's webhook or the mock's complete endpoint.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Given to the browser with the client secret (Stripe only). */
  readonly publishableKey?: string;
  /** Idempotent per `idempotencyKey`: the same key gives the same intent. */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Gives (part of) a succeeded payment back to the card; idempotent per `idempotencyKey`. `db` is the transaction
   * the caller holds (the mock keeps its refunds in our database).
   */
  refund(input: RefundInput, db?: Knex | Knex.Transaction): Promise<ProviderRefund>;
  /** Charges the card saved at the original payment, off-session; throws `CardDeclinedError` when the card refuses. */
  chargeSavedCard(input: SavedCardChargeInput, db?: Knex | Knex.Transaction): Promise<ProviderIntent>;
}

export interface RefundInput {
  paymentIntentId: string;
  amountOre: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  /** Stripe's refund statuses: pending, requires_action, succeeded, failed, canceled. */
  status: string;
  paymentIntentId: string | null;
  amountOre: number;
}

export interface SavedCardChargeInput {
  customerId: string | null;
  paymentMethodId: string | null;
  amountOre: number;
  currency: 'dkk';
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** The card refused an off-session charge (declined, authentication required, no saved card). */
export class CardDeclinedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CardDeclinedError';
  }
}

export interface CreateIntentInput {
  amountOre: number;
  /** ISO code in lower case, as Stripe takes it. */
  currency: 'dkk';
  idempotencyKey: string;
  description: string;
  metadata: { taskId: string; bidId: string; customerId: string };
  /** Stripe: the customer the card is saved to (setup_future_usage), so an extra fee can be charged later. */
  providerCustomerId?: string;
}

/** Stripe's PaymentIntent statuses; the mock uses the same words. */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amountOre: number;
  /** Lower case ('dkk'). */
  currency: string;
  status: ProviderIntentStatus | (string & {});
  metadata: Record<string, string>;
  /** The last card error's message, if the provider gave one. */
  lastError: string | null;
  /** The provider's customer and the card used (saved for later charges), once known. */
  customerId?: string | null;
  paymentMethodId?: string | null;
}

/** A provider failed to answer or refused the call: not the customer's fault. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly provider: PaymentProviderName,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
