import Stripe from 'stripe';
import type { PaymentProvider, ProviderIntent } from './provider';
import { ProviderError } from './provider';

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
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /** Checks the signature on the exact bytes received; throws `WebhookSignatureError` when it does not hold. */
  verifyWebhook(rawBody: string | Buffer, signature: string): StripeWebhookEvent;
  readonly webhooksConfigured: boolean;
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
  };
}

function describe(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return `${error.type} ${error.code ?? ''} ${error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}
