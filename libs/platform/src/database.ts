import knexFactory, { type Knex } from 'knex';
import type { Logger } from './logger';
import { openPglite, type SharedPglite } from './pglite-instance';
import { quoteIdentifier, sharedPgliteClient } from './shared-pglite-client';
import { installPgTypeParsers } from './type-parsers';

export interface Database {
  knex: Knex;
  kind: 'pg' | 'pglite';
  /** Every table of the service lives in this schema (`search_path`). */
  schema: string;
  /**
   * A second, small pool (3 connections, opened on first use) for the few transactions that decide a race and must
   * not queue behind the service's other queries in `knex`'s pool (svc-bids' slot turns). PGlite: `knex` itself
   * (one connection either way).
   */
  reserved(): Knex;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  schema: string;
  /** PostgreSQL URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory or 'memory' (the default) when neither `url` nor `pglite` is given. */
  pgliteDir?: string;
  /** A PGlite instance shared with other services (see openPglite); the caller closes it. */
  pglite?: SharedPglite;
  logger?: Logger;
}

export async function createDatabase(options: CreateDatabaseOptions): Promise<Database> {
  assertSchemaName(options.schema);
  const database = options.url ? createPgDatabase(options.url, options) : await createPgliteDatabase(options);
  try {
    await createSchema(database.knex, options.schema);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function createPgDatabase(url: string, { schema, logger }: CreateDatabaseOptions): Database {
  installPgTypeParsers();
  const knex = createPgKnex(url, schema, 10, logger);
  let reserved: Knex | undefined;
  return {
    knex,
    kind: 'pg',
    schema,
    reserved: () => (reserved ??= createPgKnex(url, schema, 3, logger)),
    close: async () => {
      await Promise.all([knex.destroy(), reserved?.destroy()]);
    },
  };
}

function createPgKnex(url: string, schema: string, maxConnections: number, logger: Logger | undefined): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: url,
    searchPath: [schema],
    pool: { min: 0, max: maxConnections },
    // While PostgreSQL is away a request waits at most this long for a connection, then answers 503.
    acquireConnectionTimeout: 5_000,
    log: knexLog(logger),
  });
  discardBrokenConnections(knex);
  return knex;
}

/** SQLSTATE classes and driver messages that mean the connection itself is gone, not just this query. */
function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  return typeof message === 'string' && /Connection terminated|connection is closed|ECONNRESET/i.test(message);
}

/*
 * When PostgreSQL ends a backend (a restart, pg_terminate_backend), the query running on it fails at once, but the
 * driver learns that the socket closed a moment later; a request in between was handed the same dead connection and
 * failed too. A query failing with a lost connection now marks it disposed (knex's own flag), so the pool never
 * hands it out again and the next request gets a new connection.
 */
function discardBrokenConnections(knex: Knex): void {
  const client = knex.client as { query: (connection: unknown, query: unknown) => Promise<unknown> };
  const query = client.query.bind(client);
  client.query = async (connection, queryParam) => {
    try {
      return await query(connection, queryParam);
    } catch (error) {
      if (isConnectionLost(error) && connection && typeof connection === 'object') {
        (connection as { __knex__disposed?: unknown }).__knex__disposed = error;
      }
      throw error;
    }
  };
}

async function createPgliteDatabase({ schema, pglite, pgliteDir, logger }: CreateDatabaseOptions): Promise<Database> {
  const owned = pglite ? undefined : await openPglite(pgliteDir ?? 'memory');
  const shared = (pglite ?? owned) as SharedPglite;
  const knex = knexFactory({
    client: sharedPgliteClient(shared, schema),
    connection: { pglite: shared.instance } as Knex.StaticConnectionConfig,
    log: knexLog(logger),
  });
  const close = async () => {
    await knex.destroy();
    await owned?.close();
  };
  return { knex, kind: 'pglite', schema, reserved: () => knex, close };
}

async function createSchema(knex: Knex, schema: string): Promise<void> {
  try {
    await knex.raw(`create schema if not exists ${quoteIdentifier(schema)}`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a duplicate, which is fine.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}

function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid database schema name "${schema}": use lower-case letters, digits and _.`);
  }
}

function knexLog(logger: Logger | undefined): Knex.Config['log'] {
  const log = logger?.child({ component: 'knex' });
  return {
    warn: (message: unknown) => log?.warn({ knex: message }, 'knex warning'),
    error: (message: unknown) => log?.error({ knex: message }, 'knex error'),
    deprecate: (method: string, alternative: string) =>
      log?.warn({ method, alternative }, 'knex deprecation'),
    debug: (message: unknown) => log?.debug({ knex: message }, 'knex debug'),
  };
}
