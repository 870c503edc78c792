import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('when nothing is set, then the defaults apply and a token secret is generated', () => {
    const config = loadConfig(baseConfigSchema, {});
    expect(config).toMatchObject({ NODE_ENV: 'development', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: 0 });
    expect(config.INTERNAL_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(baseConfigSchema, {}).INTERNAL_TOKEN_SECRET).toBe(config.INTERNAL_TOKEN_SECRET);
  });

  it('when several keys are wrong, then one ConfigError lists all of them', () => {
    const schema = baseConfigSchema.extend({ SEED_ADMIN_EMAIL: z.string().email() });
    const load = () => loadConfig(schema, { PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(keys).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'NODE_ENV', 'SEED_ADMIN_EMAIL']));
      expect((error as Error).message).toContain('SEED_ADMIN_EMAIL');
    }
  });

  it('when production runs without INTERNAL_TOKEN_SECRET, then it refuses to start', () => {
    expect(() => loadConfig(baseConfigSchema, { NODE_ENV: 'production' })).toThrow(/INTERNAL_TOKEN_SECRET/);
    const secret = 'x'.repeat(32);
    expect(loadConfig(baseConfigSchema, { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: secret }).INTERNAL_TOKEN_SECRET).toBe(secret);
  });

  it('when a key is set to the empty string, then it counts as not set', () => {
    const config = loadConfig(baseConfigSchema, { DATABASE_URL: '', PORT: '8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
  });
});
