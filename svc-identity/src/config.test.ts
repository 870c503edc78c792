import { ConfigError, configProblemsOf } from '@fragtbud/platform';
import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from './config';

describe('loadIdentityConfig', () => {
  it('when nothing is set, then sessions last 7 days idle and 30 days at most, no seeding, cookie not Secure', () => {
    const config = loadIdentityConfig({});
    expect(config).toMatchObject({
      DEMO_SEED: false,
      COOKIE_SECURE: false,
      SESSION_IDLE_DAYS: 7,
      SESSION_ABSOLUTE_DAYS: 30,
      LOGIN_RATE_LIMIT: 10,
      LOGIN_ADDRESS_RATE_LIMIT: 30,
      LOGIN_RATE_WINDOW_MINUTES: 15,
    });
    expect(config.SEED_ADMIN_EMAIL).toBeUndefined();
  });

  it('when DEMO_SEED=1 and COOKIE_SECURE=true, then both are on', () => {
    expect(loadIdentityConfig({ DEMO_SEED: '1', COOKIE_SECURE: 'true' })).toMatchObject({ DEMO_SEED: true, COOKIE_SECURE: true });
    expect(loadIdentityConfig({ DEMO_SEED: '0' }).DEMO_SEED).toBe(false);
  });

  it('when the seed admin e-mail is given in capitals, then it is lowercased', () => {
    const config = loadIdentityConfig({ SEED_ADMIN_EMAIL: 'Chef@Fragtbud.DK', SEED_ADMIN_PASSWORD: 'hemmelig' });
    expect(config.SEED_ADMIN_EMAIL).toBe('chef@fragtbud.dk');
  });

  it('when only one of SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD is set, then the start fails naming the other', () => {
    expect(() => loadIdentityConfig({ SEED_ADMIN_EMAIL: 'chef@fragtbud.dk' })).toThrow(/SEED_ADMIN_PASSWORD/);
  });

  it('when values are wrong, then a ConfigError lists every one', () => {
    try {
      loadIdentityConfig({ DEMO_SEED: 'kanske', SEED_ADMIN_EMAIL: 'ikke-en-mail', SEED_ADMIN_PASSWORD: '123', LOGIN_RATE_LIMIT: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const key of ['DEMO_SEED', 'SEED_ADMIN_EMAIL', 'SEED_ADMIN_PASSWORD', 'LOGIN_RATE_LIMIT']) expect(problems).toContain(key);
    }
  });

  it('when the idle time is longer than the absolute lifetime, then the start fails', () => {
    expect(() => loadIdentityConfig({ SESSION_IDLE_DAYS: '10', SESSION_ABSOLUTE_DAYS: '5' })).toThrow(/SESSION_IDLE_DAYS/);
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail:587',
      TOTP_ENCRYPTION_KEY: 'a'.repeat(64),
    };
    const problemsOf = (env: Record<string, string>) => configProblemsOf(() => loadIdentityConfig(env));

    it('when PUBLIC_ORIGIN is not set, then the start fails naming it (mail links would point at localhost)', () => {
      expect(problemsOf(production)).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN: required in production/)]);
      expect(problemsOf({ ...production, PUBLIC_ORIGIN: 'https://fragtbud.dk' })).toEqual([]);
    });

    it('when COOKIE_SECURE=true on an http:// origin, then the start fails naming COOKIE_SECURE', () => {
      expect(problemsOf({ ...production, PUBLIC_ORIGIN: 'http://fragtbud.test', COOKIE_SECURE: 'true' })).toEqual([
        expect.stringMatching(/^COOKIE_SECURE: true, but PUBLIC_ORIGIN \(http:\/\/fragtbud.test\) is http:\/\//),
      ]);
      expect(problemsOf({ ...production, PUBLIC_ORIGIN: 'https://fragtbud.dk', COOKIE_SECURE: 'true' })).toEqual([]);
      expect(problemsOf({ ...production, PUBLIC_ORIGIN: 'http://fragtbud.test', COOKIE_SECURE: 'false' })).toEqual([]);
    });

    it('when CVR_PROVIDER=local (the register kept in the code, for trying the product), then the start fails naming it', () => {
      expect(problemsOf({ ...production, PUBLIC_ORIGIN: 'https://fragtbud.dk', CVR_PROVIDER: 'local' })).toEqual([
        expect.stringMatching(/^CVR_PROVIDER: local is for trying the product/),
      ]);
      expect(loadIdentityConfig({ CVR_PROVIDER: 'local' }).CVR_PROVIDER).toBe('local');
    });
  });
});
