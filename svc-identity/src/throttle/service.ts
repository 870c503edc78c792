import { AppError } from '@fragtbud/platform';
import type { Db } from '../context';
import { deleteThrottleHitsBefore, lockThrottleKey, recordThrottleHit, throttleHitsSince, type ThrottleKey } from './repo';

export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether one more attempt fits in the rule's sliding window, and if not, when the oldest counted one leaves it. */
export async function throttleVerdict(db: Db, rule: ThrottleRule, key: string, now: Date): Promise<ThrottleVerdict> {
  const { count, oldest } = await throttleHitsSince(db, { bucket: rule.bucket, key }, new Date(now.getTime() - rule.windowMs));
  if (count < rule.limit) return { allowed: true };
  const leavesAt = (oldest ?? now).getTime() + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - now.getTime()) / 1000)) };
}

/** Counts one attempt under the rule (and drops the rule's hits that have left every window). */
export async function countThrottleHit(db: Db, rule: ThrottleRule, key: string, now: Date): Promise<void> {
  await deleteThrottleHitsBefore(db, rule.bucket, new Date(now.getTime() - rule.windowMs));
  await recordThrottleHit(db, { bucket: rule.bucket, key }, now);
}

/** Whole minutes, at least 1, for a Danish "prøv igen om N minutter". */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Checks every (rule, key) pair and, when all allow it, counts the attempt under each, inside the caller's
 * transaction with the keys locked: parallel requests are counted one after another. When one refuses, nothing is
 * counted and `refuse(retryAfterSeconds)` gives the error thrown (a 429 with Retry-After).
 */
export async function takeThrottleSlot(
  trx: Db,
  checks: Array<{ rule: ThrottleRule; key: string }>,
  now: Date,
  refuse: (retryAfterSeconds: number) => AppError,
): Promise<void> {
  const keys: ThrottleKey[] = checks.map(({ rule, key }) => ({ bucket: rule.bucket, key }));
  // Always in the same order, so two requests sharing two keys never wait on each other crosswise.
  for (const key of [...keys].sort((a, b) => `${a.bucket}:${a.key}`.localeCompare(`${b.bucket}:${b.key}`))) {
    await lockThrottleKey(trx, key);
  }
  let retryAfterSeconds = 0;
  for (const { rule, key } of checks) {
    const verdict = await throttleVerdict(trx, rule, key, now);
    if (!verdict.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, verdict.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) throw refuse(retryAfterSeconds);
  for (const { rule, key } of checks) await countThrottleHit(trx, rule, key, now);
}
