// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver has no types: its declaration travels with this file into every project that compiles it
/// <reference path="./s3rver.d.ts" />
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser, EventEnvelope } from '@fragtbud/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Knex } from 'knex';
import { ConfigError } from './config';
import { createEventBus } from './create-event-bus';
import { createDatabase, type Database } from './database';
import type { EventBus } from './event-bus';
import { createLogger, type Logger } from './logger';
import { openPglite, type SharedPglite } from './pglite-instance';
import { quoteIdentifier } from './shared-pglite-client';

export interface TestInfra {
  kind: 'pglite+in-process' | 'pg+nats' | 'pg+in-process' | 'pglite+nats';
  /** A fresh schema of its own: `<name>_<random>`. */
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** The bus namespace (NATS only) — streams and subjects are prefixed with it. */
  namespace: string;
  /** Environment for a service's loadConfig: NODE_ENV, LOG_LEVEL, DATABASE_SCHEMA, BUS_NAMESPACE. */
  env: Record<string, string>;
  /** Another fresh schema on the same database server/instance, e.g. for a second service in the test. */
  addDatabase(name: string): Promise<Database>;
  /** Drops the schemas, deletes the namespace's streams, closes everything. */
  close(): Promise<void>;
}

export interface TestInfraOptions {
  /** Defaults to TEST_DATABASE_URL; absent → PGlite in memory. */
  databaseUrl?: string;
  /** Defaults to NATS_URL; absent → the in-process bus. */
  natsUrl?: string;
  /** Defaults to TEST_LOG_LEVEL or 'silent'. */
  logLevel?: string;
}

/** Handlers in tests retry quickly. */
const testRetry = { baseMs: 50, maxMs: 1_000 };

/** One PGlite instance per test file (worker module): a new one costs 2–4 s; schemas keep tests apart. */
let sharedPglite: Promise<SharedPglite> | undefined;

/**
 * A fresh database schema and event bus for one test file: PGlite in memory and the in-process bus by default,
 * PostgreSQL (TEST_DATABASE_URL) and NATS (NATS_URL) when set.
 */
export async function createTestInfra(name: string, options: TestInfraOptions = {}): Promise<TestInfra> {
  const databaseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const natsUrl = options.natsUrl ?? process.env.NATS_URL;
  const logLevel = options.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'silent';
  const logger = createLogger({ name, level: logLevel });
  const suffix = randomBytes(5).toString('hex');
  const namespace = `t_${suffix}`;
  const databases: Database[] = [];

  async function addDatabase(serviceName: string): Promise<Database> {
    const schema = `${serviceName.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${suffix}`;
    const database = databaseUrl
      ? await createDatabase({ url: databaseUrl, schema, logger })
      : await createDatabase({ pglite: await testPglite(), schema, logger });
    databases.push(database);
    return database;
  }

  const database = await addDatabase(name);
  const bus = await createEventBus({ natsUrl, namespace, logger, name: `test-${name}`, retry: testRetry });

  return {
    kind: `${databaseUrl ? 'pg' : 'pglite'}+${natsUrl ? 'nats' : 'in-process'}`,
    database,
    bus,
    logger,
    namespace,
    env: { NODE_ENV: 'test', LOG_LEVEL: logLevel, DATABASE_SCHEMA: database.schema, BUS_NAMESPACE: namespace },
    addDatabase,
    async close() {
      await bus.close();
      if (natsUrl) await deleteNamespaceStreams(natsUrl, namespace);
      for (const db of databases) await dropAndClose(db);
    },
  };
}

function testPglite(): Promise<SharedPglite> {
  sharedPglite ??= openPglite('memory');
  return sharedPglite;
}

async function dropAndClose(database: Database): Promise<void> {
  try {
    await database.knex.raw(`drop schema if exists ${quoteIdentifier(database.schema)} cascade`);
  } finally {
    await database.close();
  }
}

/** Removes the JetStream streams a test namespace created. */
export async function deleteNamespaceStreams(natsUrl: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const prefix = `${namespace.toUpperCase()}_`;
    for await (const stream of jsm.streams.names()) {
      if (stream.startsWith(prefix)) await jsm.streams.delete(stream);
    }
  } finally {
    await nc.close();
  }
}

/** Polls until `check` returns a truthy value (or stops throwing) and returns it; for effects of events. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      throw failure instanceof Error ? failure : new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

let nextTestUserId = 100_000;

/**
 * A caller as the gateway's internal token would carry it; every call is a new user with its own id.
 * Carriers are approved unless `overrides` say otherwise.
 */
export function testCaller(role: AuthUser['role'], overrides: Partial<AuthUser> = {}): AuthUser {
  nextTestUserId += 1;
  return {
    id: nextTestUserId,
    role,
    approved: true,
    blocked: false,
    name: `Test ${role} ${nextTestUserId}`,
    email: `${role}.${nextTestUserId}@example.dk`,
    ...overrides,
  };
}

/** An event as its producing service would put it on the bus: a new id and correlation id, now unless told when. */
export function testEnvelope<T extends object>(type: string, data: T, occurredAt = new Date()): EventEnvelope<T> {
  return { id: randomUUID(), type, occurredAt: occurredAt.toISOString(), correlationId: randomUUID(), data };
}

/**
 * Every event on the test bus matching `subjects` (e.g. `['ledger.>']`), in arrival order, as it arrives: a
 * throw-away durable of its own, so the service's consumers are not disturbed.
 */
export async function observeEvents<T = Record<string, unknown>>(infra: TestInfra, subjects: string[]): Promise<EventEnvelope<T>[]> {
  const seen: EventEnvelope<T>[] = [];
  await infra.bus.subscribe({
    durable: `observer-${randomBytes(4).toString('hex')}`,
    subjects,
    handler: async (event) => {
      seen.push(event as EventEnvelope<T>);
    },
  });
  return seen;
}

/** What a service's transactional outbox holds, oldest first, as envelopes (only `type` when given). */
export async function outboxEnvelopes(db: Knex, type?: string): Promise<EventEnvelope<Record<string, unknown>>[]> {
  const query = db('outbox').orderBy('seq', 'asc');
  if (type) query.where({ type });
  const rows = (await query) as { id: string; type: string; data: unknown; correlation_id: string; occurred_at: unknown }[];
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    occurredAt: String(row.occurred_at),
    correlationId: row.correlation_id,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  }));
}

/** The problems a config loader reports (ConfigError's list), or [] when it accepts the environment. */
export function configProblemsOf(load: () => unknown): string[] {
  try {
    load();
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

/**
 * An S3-compatible server (s3rver) on a free loopback port with one empty bucket, for tests of the object-storage
 * adapters. Loaded only when called: s3rver is a development dependency. `env` holds the settings the adapters read.
 */
export async function startTestBucket(bucket: string): Promise<{ endpoint: string; env: Record<string, string>; close(): Promise<void> }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
