import type { Db } from '../context';

/** One counted attempt in a bucket ('second_factor_user', 'reset_mail_address', …) for a key (a user id, an address). */
export interface ThrottleKey {
  bucket: string;
  key: string;
}

export async function recordThrottleHit(db: Db, { bucket, key }: ThrottleKey, at: Date): Promise<void> {
  await db('throttle_hits').insert({ bucket, key, at });
}

/** How many hits the key has since `since`, and when the oldest of them was (for Retry-After). */
export async function throttleHitsSince(db: Db, { bucket, key }: ThrottleKey, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = (await db('throttle_hits')
    .where({ bucket, key })
    .andWhere('at', '>', since)
    .select(db.raw('count(*) as count'), db.raw('min(at) as oldest'))) as Array<{ count: number | string; oldest: Date | string | null }>;
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function clearThrottleHits(db: Db, { bucket, key }: ThrottleKey): Promise<void> {
  await db('throttle_hits').where({ bucket, key }).delete();
}

/** Drops hits no window looks at any more (called now and then by the writers). */
export async function deleteThrottleHitsBefore(db: Db, bucket: string, before: Date): Promise<void> {
  await db('throttle_hits').where({ bucket }).andWhere('at', '<=', before).delete();
}

/**
 * Serialises the writers of one key until the transaction ends, so that parallel requests cannot all pass a check
 * before any of them is counted (on PGlite, with one connection, this is what happens anyway).
 */
export async function lockThrottleKey(trx: Db, { bucket, key }: ThrottleKey): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`throttle:${bucket}:${key}`]);
}
