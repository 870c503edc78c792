import { ConfigError, configProblemsOf } from '@fragtbud/platform';
import { describe, expect, it } from 'vitest';
import { loadPaymentsConfig, providerOf } from './config';

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };

const problemsOf = (env: Record<string, string>) => configProblemsOf(() => loadPaymentsConfig(env));

describe('payments config', () => {
  it('when no Stripe key is set, then the mock provider is used', () => {
    expect(providerOf(loadPaymentsConfig({}))).toBe('mock');
  });

  it('when the Stripe keys are set, then Stripe is used — unless PAYMENT_PROVIDER says mock', () => {
    expect(providerOf(loadPaymentsConfig(stripeKeys))).toBe('stripe');
    expect(providerOf(loadPaymentsConfig({ ...stripeKeys, PAYMENT_PROVIDER: 'mock' }))).toBe('mock');
  });

  it('when production does not name its payment provider, then start-up fails naming PAYMENT_PROVIDER — even with Stripe keys', () => {
    const production = { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(32), PUBLIC_ORIGIN: 'https://fragtbud.dk' };
    expect(problemsOf({ ...production })).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER: required in production/)]);
    expect(problemsOf({ ...production, ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: required in production/),
    ]);
    expect(providerOf(loadPaymentsConfig({ ...production, PAYMENT_PROVIDER: 'mock' }))).toBe('mock');
    expect(providerOf(loadPaymentsConfig({ ...production, ...stripeKeys, PAYMENT_PROVIDER: 'stripe' }))).toBe('stripe');
  });

  it('when production chooses Stripe without its keys, then start-up fails naming each', () => {
    const production = { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(32), PUBLIC_ORIGIN: 'https://fragtbud.dk', PAYMENT_PROVIDER: 'stripe' };
    expect(problemsOf(production).map((problem) => problem.split(':')[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
  });

  it('when production has no PUBLIC_ORIGIN, then start-up fails naming it (return URLs would point at localhost)', () => {
    const production = { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'mock' };
    expect(problemsOf(production)).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN: required in production/)]);
  });

  it('when Stripe is chosen without its keys, then start-up fails naming them', () => {
    expect(() => loadPaymentsConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(ConfigError);
    try {
      loadPaymentsConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: /)]);
    }
  });

  it('when keys are swapped or malformed, then start-up fails', () => {
    expect(() => loadPaymentsConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadPaymentsConfig({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(ConfigError);
    expect(() => loadPaymentsConfig({ ...stripeKeys, STRIPE_API_PROTOCOL: 'ftp' })).toThrow(ConfigError);
  });

  it('when PUBLIC_ORIGIN ends in a slash, then the slash is dropped', () => {
    expect(loadPaymentsConfig({ PUBLIC_ORIGIN: 'https://fragtbud.dk/' }).PUBLIC_ORIGIN).toBe('https://fragtbud.dk');
  });
});
