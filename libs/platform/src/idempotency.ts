import { createHash } from 'node:crypto';
import { messages } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { Context, Middleware, Next } from 'koa';
import { AppError } from './app-error';
import type { Migration } from './migrate';

export const idempotencyKeyHeader = 'idempotency-key';
export const idempotentReplayHeader = 'idempotent-replayed';

const keyPattern = /^[A-Za-z0-9_.:-]{1,200}$/;

/** The table idempotent writes remember their answers in; runs after the outbox/inbox, before the service's own. */
export const idempotencyMigration: Migration = {
  name: '001_platform_idempotency',
  async up(knex: Knex) {
    await knex.schema.createTable('idempotency_keys', (table) => {
      table.text('caller').notNullable();
      table.text('key').notNullable();
      table.text('fingerprint').notNullable();
      table.text('state').notNullable();
      table.integer('status');
      table.jsonb('body');
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      table.timestamp('completed_at', { useTz: true });
      table.primary(['caller', 'key']);
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('idempotency_keys');
  },
};

export interface IdempotentOptions {
  /** How long a duplicate waits for the first request to finish before it gets 409 (default 5 s). */
  waitMs?: number;
  /** A pending key older than this is taken as abandoned (its process died) and may be run again (default 2 min). */
  staleMs?: number;
  /**
   * false: for writes that keep the key with the row they write (money movements) and so answer a repeat themselves —
   * only the key's body is checked (another body → 422 `idempotency_key_reused`), a repeat with the same body runs the
   * route again and the service gives the earlier row. Default true: the stored answer is replayed.
   */
  replay?: boolean;
}

interface KeyRow {
  caller: string;
  key: string;
  fingerprint: string;
  state: 'pending' | 'done';
  status: number | null;
  body: unknown;
  created_at: Date;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Honours an `Idempotency-Key` header on a creating write: the first request with a key runs and its answer
 * (status and JSON body) is stored; a repeat with the same key from the same caller gets that stored answer
 * (header `Idempotent-Replayed: true`) without running the route again; a duplicate that arrives while the first
 * is still running waits for it (up to `waitMs`), then gets 409 `idempotency_in_progress`. The same key with a
 * different method, path or body → 422 `idempotency_key_reused`. A request that fails (an error thrown) frees its
 * key so the client may retry with it. Without the header the route runs as before.
 * Keys are per caller: the user id, or for an anonymous caller the client address the gateway signed (keys are random UUIDs).
 * Put it on the route before the handler: `router.post('/', idempotent(() => context.db), async (ctx) => …)`.
 */
export function idempotent(db: () => Knex, options: IdempotentOptions = {}): Middleware {
  const waitMs = options.waitMs ?? 5_000;
  const staleMs = options.staleMs ?? 120_000;
  return async (ctx: Context, next: Next) => {
    const key = idempotencyKeyOf(ctx);
    if (key === undefined) return next();
    // A guest's keys are scoped to the address the gateway saw, so another guest cannot replay their answer.
    const caller = ctx.state.user ? `user:${ctx.state.user.id}` : `guest:${ctx.state.client?.ip ?? ''}`;
    const fingerprint = fingerprintOf(ctx);
    const knex = db();

    const claimed = await claim(knex, caller, key, fingerprint, staleMs);
    if (options.replay === false) return checkOnly(ctx, next, knex, { caller, key, fingerprint, claimed });
    if (!claimed) {
      const row = await awaitDone(knex, caller, key, waitMs);
      if (row && row.fingerprint !== fingerprint) {
        throw AppError.unprocessable(messages.idempotencyKeyReused, 'idempotency_key_reused');
      }
      if (!row || row.state !== 'done') {
        throw AppError.conflict(messages.idempotencyInProgress, 'idempotency_in_progress');
      }
      ctx.status = row.status ?? 200;
      ctx.body = row.body;
      ctx.set(idempotentReplayHeader, 'true');
      return;
    }

    try {
      await next();
    } catch (error) {
      await knex('idempotency_keys').where({ caller, key, state: 'pending' }).delete();
      throw error;
    }
    const body = ctx.body;
    const storable = body === undefined || body === null || isJsonValue(body);
    if (!storable || ctx.status >= 500) {
      await knex('idempotency_keys').where({ caller, key, state: 'pending' }).delete();
      return;
    }
    await knex('idempotency_keys')
      .where({ caller, key })
      .update({ state: 'done', status: ctx.status, body: JSON.stringify(body ?? null), completed_at: knex.fn.now() });
  };
}

/**
 * The key's body check without replay: a key that came with another body is refused (whether that request is done or
 * still running); one that came with this body runs the route, which finds its own earlier row. The key is kept only
 * for a write that went through, so a refused one (4xx) may be retried with the same key and a corrected body.
 */
async function checkOnly(
  ctx: Context,
  next: Next,
  knex: Knex,
  { caller, key, fingerprint, claimed }: { caller: string; key: string; fingerprint: string; claimed: boolean },
): Promise<void> {
  if (!claimed) {
    const row = await knex<KeyRow>('idempotency_keys').where({ caller, key }).first();
    if (row && row.fingerprint !== fingerprint) throw AppError.unprocessable(messages.idempotencyKeyReused, 'idempotency_key_reused');
    return next();
  }
  const release = () => knex('idempotency_keys').where({ caller, key, state: 'pending' }).delete();
  try {
    await next();
  } catch (error) {
    await release();
    throw error;
  }
  if (ctx.status >= 400) await release();
  else await knex('idempotency_keys').where({ caller, key }).update({ state: 'done', status: ctx.status, completed_at: knex.fn.now() });
}

/** Inserts the pending row; false when another request holds the key (an abandoned pending one is taken over). */
async function claim(knex: Knex, caller: string, key: string, fingerprint: string, staleMs: number): Promise<boolean> {
  const inserted = await knex('idempotency_keys')
    .insert({ caller, key, fingerprint, state: 'pending' })
    .onConflict(['caller', 'key'])
    .ignore()
    .returning('key');
  if (inserted.length > 0) return true;
  const takenOver = await knex('idempotency_keys')
    .where({ caller, key, fingerprint, state: 'pending' })
    .andWhere('created_at', '<', new Date(Date.now() - staleMs))
    .update({ created_at: knex.fn.now() })
    .returning('key');
  return takenOver.length > 0;
}

async function awaitDone(knex: Knex, caller: string, key: string, waitMs: number): Promise<KeyRow | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = await knex<KeyRow>('idempotency_keys').where({ caller, key }).first();
    if (!row || row.state === 'done' || Date.now() >= until) return row;
    await pause(50);
  }
}

function fingerprintOf(ctx: Context): string {
  const raw = ctx.request.rawBody ?? '';
  return createHash('sha256').update(`${ctx.method} ${ctx.path}\n`).update(raw).digest('hex');
}

function isJsonValue(body: unknown): boolean {
  if (typeof body !== 'object') return typeof body === 'string' || typeof body === 'number' || typeof body === 'boolean';
  if (Buffer.isBuffer(body)) return false;
  return typeof (body as { pipe?: unknown }).pipe !== 'function';
}

/**
 * The client's `Idempotency-Key` header (undefined without one), also for services that keep the key with the row
 * they write (money movements: a retried click sends the same one, so the movement happens once). A header that is
 * there but not 1–200 of letters, digits and `_.:-` — empty included — is 400 `invalid_idempotency_key`: counted
 * as no key, every retry of that client would create the thing again.
 */
export function idempotencyKeyOf(ctx: Context): string | undefined {
  if (ctx.headers[idempotencyKeyHeader] === undefined) return undefined;
  const key = ctx.get(idempotencyKeyHeader);
  if (!keyPattern.test(key)) throw AppError.badRequest(messages.invalidIdempotencyKey, 'invalid_idempotency_key');
  return key;
}
