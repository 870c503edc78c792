import { baseConfigSchema, loadConfig } from '@fragtbud/platform';
import { paymentProviderSchema } from '@fragtbud/contracts';
import { z } from 'zod';

const serviceUrl = z.string().url().optional();

/**
 * svc-payments calls svc-tasks (GET /internal/tasks/:id) and svc-bids (GET /internal/tasks/:id/accepted-bid).
 * Card payments go through Stripe when STRIPE_SECRET_KEY is set, else through the mock provider (PAYMENT_PROVIDER
 * chooses explicitly). STRIPE_API_* point the SDK at another server (tests); PUBLIC_ORIGIN gives the return URL.
 */
export const paymentsConfigSchema = baseConfigSchema
  .extend({
    TASKS_URL: serviceUrl,
    BIDS_URL: serviceUrl,
    PAYMENT_PROVIDER: paymentProviderSchema.optional(),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_\w+$/, 'must be a Stripe publishable key (pk_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .transform((origin) => origin.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((config, ctx) => {
    // Production names its provider: stripe with its keys, or mock (marks tasks paid without charging anyone) on purpose.
    if (config.NODE_ENV === 'production' && !config.PAYMENT_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'required in production: stripe (with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY) or mock (test mode: no card is charged)',
      });
    }
    if (providerOf(config) !== 'stripe') return;
    if (!config.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'required when PAYMENT_PROVIDER is stripe' });
    }
    if (!config.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'required with STRIPE_SECRET_KEY (the browser needs it)' });
    }
  });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** The provider in use: PAYMENT_PROVIDER, else Stripe when a secret key is set, else the mock. */
export function providerOf(config: Pick<PaymentsConfig, 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY'>) {
  return config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'mock');
}

export const loadPaymentsConfig = (env: Record<string, string | undefined> = process.env): PaymentsConfig =>
  loadConfig(paymentsConfigSchema, env);
