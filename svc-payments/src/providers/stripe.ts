import Stripe from 'stripe';
import type { PaymentProvider, ProviderIntent, ProviderRefund } from './provider';
import { CardDeclinedError, ProviderError } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** Verifies webhooks; without it POST /payments/webhook refuses every call. */
  webhookSecret?: string;
  /** Another API server (tests): `{host, port, protocol: 'http'}`. */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

/** A Stripe webhook event, verified: its id (handled once), type, and the payment intent it is about, if any. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
  refund: ProviderRefund | null;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /** Checks the signature on the exact bytes received; throws `WebhookSignatureError` when it does not hold. */
  verifyWebhook(rawBody: string | Buffer, signature: string): StripeWebhookEvent;
  readonly webhooksConfigured: boolean;
  /** Our customer's Stripe Customer (made once per user: the idempotency key is the user id). */
  ensureCustomer(userId: number): Promise<string>;
  /** A Stripe Connect Express account for a carrier (once per user). */
  createExpressAccount(userId: number, email?: string): Promise<string>;
  /** The onboarding link of an Express account. */
  onboardingLink(accountId: string, origin: string): Promise<string>;
  /** Money to a connected account; idempotent per key. */
  transfer(input: { accountId: string; amountOre: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<string>;
}

export class WebhookSignatureError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Stripe webhook signature did not verify', options);
    this.name = 'WebhookSignatureError';
  }
}

/** Stripe PaymentIntents through the official SDK (card, and whatever automatic payment methods the account has). */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api?.host ? { host: options.api.host } : {}),
    ...(options.api?.port ? { port: options.api.port } : {}),
    ...(options.api?.protocol ? { protocol: options.api.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Fragtbud' },
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    webhooksConfigured: Boolean(options.webhookSecret),

    async createIntent(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountOre,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            description: input.description,
            metadata: input.metadata,
            // The card is kept for an admin's extra fee later (charged off-session on this customer).
            ...(input.providerCustomerId ? { customer: input.providerCustomerId, setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(intent);
      } catch (error) {
        throw new ProviderError(`Stripe refused to create the payment intent: ${describe(error)}`, 'stripe', { cause: error });
      }
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw new ProviderError(`Stripe did not give payment intent ${id}: ${describe(error)}`, 'stripe', { cause: error });
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountOre, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return toRefund(refund);
      } catch (error) {
        throw new ProviderError(`Stripe refused the refund: ${describe(error)}`, 'stripe', { cause: error });
      }
    },
    async chargeSavedCard(input) {
      if (!input.customerId || !input.paymentMethodId) throw new CardDeclinedError('no saved card');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountOre,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status !== 'succeeded') throw new CardDeclinedError(`off-session charge is ${intent.status}`);
        return toIntent(intent);
      } catch (error) {
        if (error instanceof CardDeclinedError) throw error;
        if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message, { cause: error });
        throw new ProviderError(`Stripe refused the charge: ${describe(error)}`, 'stripe', { cause: error });
      }
    },
    async ensureCustomer(userId) {
      try {
        const customer = await stripe.customers.create({ metadata: { userId: String(userId) } }, { idempotencyKey: `fragtbud-customer-${userId}` });
        return customer.id;
      } catch (error) {
        throw new ProviderError(`Stripe refused the customer: ${describe(error)}`, 'stripe', { cause: error });
      }
    },
    async createExpressAccount(userId, email) {
      try {
        const account = await stripe.accounts.create(
          { type: 'express', country: 'DK', ...(email ? { email } : {}), capabilities: { transfers: { requested: true } }, metadata: { userId: String(userId) } },
          { idempotencyKey: `fragtbud-account-${userId}` },
        );
        return account.id;
      } catch (error) {
        throw new ProviderError(`Stripe refused the Express account: ${describe(error)}`, 'stripe', { cause: error });
      }
    },
    async onboardingLink(accountId, origin) {
      try {
        const link = await stripe.accountLinks.create({
          account: accountId,
          refresh_url: `${origin}/profile?tab=financial`,
          return_url: `${origin}/profile?tab=financial`,
          type: 'account_onboarding',
        });
        return link.url;
      } catch (error) {
        throw new ProviderError(`Stripe refused the onboarding link: ${describe(error)}`, 'stripe', { cause: error });
      }
    },
    async transfer(input) {
      try {
        const transfer = await stripe.transfers.create(
          { amount: input.amountOre, currency: 'dkk', destination: input.accountId, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return transfer.id;
      } catch (error) {
        throw new ProviderError(`Stripe refused the transfer: ${describe(error)}`, 'stripe', { cause: error });
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError({ cause: error });
      }
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null,
        refund: object.object === 'refund' ? toRefund(object as Stripe.Refund) : null,
      };
    },
  };
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountOre: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    paymentMethodId: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
  };
}

function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    status: refund.status ?? 'pending',
    paymentIntentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    amountOre: refund.amount,
  };
}

function describe(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return `${error.type} ${error.code ?? ''} ${error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}
