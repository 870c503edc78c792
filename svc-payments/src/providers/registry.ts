import type { PaymentProviderName } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import { providerOf, type PaymentsConfig } from '../config';
import { createMockProvider, type MockProvider } from './mock';
import type { PaymentProvider } from './provider';
import { createStripeProvider, type StripeProvider } from './stripe';

/** The provider new payments use, and every provider an existing payment may have been made with. */
export interface PaymentProviders {
  active: PaymentProvider;
  mock: MockProvider;
  /** null when Stripe is not configured. */
  stripe: StripeProvider | null;
  byName(name: PaymentProviderName): PaymentProvider | null;
}

export function createProviders(config: PaymentsConfig, db: Knex): PaymentProviders {
  const mock = createMockProvider(db);
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          api: { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL },
        })
      : null;
  const byName = (name: PaymentProviderName): PaymentProvider | null => (name === 'stripe' ? stripe : mock);
  const active = byName(providerOf(config));
  // The config schema refuses stripe without its keys; this guards the wiring.
  if (!active) throw new Error('PAYMENT_PROVIDER is stripe, but STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY are not set');
  return { active, mock, stripe, byName };
}
