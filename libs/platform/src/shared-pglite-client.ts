import type { Knex } from 'knex';
import ClientPGLite from 'knex-pglite';
import { MutexTimeoutError, type Release } from './mutex';
import type { SharedPglite } from './pglite-instance';

type PgliteConnection = SharedPglite['instance'];

/**
 * A knex client over a shared PGlite instance. Instead of a pool, the instance's mutex hands the one
 * connection to one knex at a time — for a whole transaction — and points `search_path` at this
 * knex's schema whenever the previous turn was another schema's, so services sharing the instance never see each
 * other's statements (a service's consecutive queries go out alone, without a SET before each).
 */
export function sharedPgliteClient(shared: SharedPglite, schema: string): typeof Knex.Client {
  const searchPathSql = `set search_path to ${quoteIdentifier(schema)}`;

  class SharedPgliteClient extends ClientPGLite {
    private releaseLock: Release | undefined;

    override initializePool(): void {
      // The mutex is the pool.
    }

    override async acquireConnection(): Promise<PgliteConnection> {
      const release = await this.waitForTurn();
      try {
        const connection = shared.instance;
        if (!this.version) this.version = await this.readVersion(connection);
        // Only a hand-over to another schema costs a statement: the session keeps search_path between turns.
        if (shared.searchPath !== schema) {
          shared.searchPath = undefined;
          await connection.query(searchPathSql);
          shared.searchPath = schema;
        }
        this.releaseLock = release;
        return connection;
      } catch (error) {
        release();
        throw error;
      }
    }

    override async releaseConnection(): Promise<void> {
      const release = this.releaseLock;
      this.releaseLock = undefined;
      release?.();
    }

    /**
     * knex-pglite names the command after the query builder's method, so a `.del()` comes back as "DEL" and knex
     * returns the raw result instead of the number of deleted rows that it returns on pg. Name it DELETE.
     */
    processResponse(obj: { method?: string }, runner: unknown): unknown {
      const named = obj.method === 'del' ? { ...obj, method: 'delete' } : obj;
      return (ClientPGLite.prototype as unknown as { processResponse(o: unknown, r: unknown): unknown }).processResponse.call(
        this,
        named,
        runner,
      );
    }

    /** The instance belongs to whoever opened it; destroying this knex must not close it. */
    override async destroy(callback?: (error?: unknown) => void): Promise<void> {
      callback?.();
    }

    private async waitForTurn(): Promise<Release> {
      const timeoutMs = this.config.acquireConnectionTimeout ?? 60_000;
      try {
        return await shared.mutex.lock(timeoutMs);
      } catch (error) {
        if (!(error instanceof MutexTimeoutError)) throw error;
        throw new Error(
          `Timed out after ${timeoutMs} ms waiting for the shared PGlite connection (schema ${schema}). ` +
            'Inside a transaction, query through trx, not the outer knex.',
        );
      }
    }

    private readVersion(connection: PgliteConnection): Promise<string> {
      return (this as unknown as { checkVersion(c: PgliteConnection): Promise<string> }).checkVersion(connection);
    }
  }

  return SharedPgliteClient;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
