import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig, loadConfigOrExit } from './config';

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

  it('when a production schema builds links from PUBLIC_ORIGIN and none is given, then it refuses to start naming it', () => {
    const schema = baseConfigSchema.extend({ PUBLIC_ORIGIN: z.url().default('http://localhost:8080') });
    const production = { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(schema, production)).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(loadConfig(schema, { ...production, PUBLIC_ORIGIN: 'https://fragtbud.dk' }).PUBLIC_ORIGIN).toBe('https://fragtbud.dk');
    expect(loadConfig(baseConfigSchema, production).NODE_ENV).toBe('production');
  });

  it('when MIGRATE_ONLY or SKIP_MIGRATIONS is given, then it is read as a flag, and a wrong value is refused', () => {
    expect(loadConfig(baseConfigSchema, {})).toMatchObject({ MIGRATE_ONLY: false, SKIP_MIGRATIONS: false });
    expect(loadConfig(baseConfigSchema, { MIGRATE_ONLY: 'true', SKIP_MIGRATIONS: '1' })).toMatchObject({ MIGRATE_ONLY: true, SKIP_MIGRATIONS: true });
    expect(() => loadConfig(baseConfigSchema, { MIGRATE_ONLY: 'ja' })).toThrow(/MIGRATE_ONLY/);
  });
});

describe('loadConfigOrExit', () => {
  it('when the configuration is invalid, then one Danish/English log line per problem names the variable and the process exits 1', () => {
    const lines: string[] = [];
    const exits: number[] = [];
    const load = () =>
      loadConfigOrExit('svc-payments', () => loadConfig(baseConfigSchema, { NODE_ENV: 'production', PORT: 'many' }), {
        write: (line) => lines.push(line),
        exit: (code) => void exits.push(code),
      });
    expect(load).toThrow(ConfigError); // only reached when exit() returns, as the stub here does
    expect(exits).toEqual([1]);
    const logged = lines.map((line) => JSON.parse(line) as { variable: string; msg: string; service: string });
    expect(logged.map(({ variable }) => variable)).toEqual(['PORT', 'INTERNAL_TOKEN_SECRET']);
    expect(logged[1]).toMatchObject({
      service: 'svc-payments',
      msg: 'Ugyldig konfiguration / invalid configuration: INTERNAL_TOKEN_SECRET: required in production',
    });
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
  });

  it('when the configuration is valid, then it is returned and nothing is written', () => {
    const lines: string[] = [];
    const config = loadConfigOrExit('gateway', () => loadConfig(baseConfigSchema, {}), { write: (line) => lines.push(line), exit: () => undefined });
    expect(config.NODE_ENV).toBe('development');
    expect(lines).toEqual([]);
  });
});
