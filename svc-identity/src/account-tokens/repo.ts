import type { Db } from '../context';
import { hashSessionToken, newSessionToken } from '../sessions/tokens';

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

/**
 * A new single-use token for the user (32 random bytes; only its sha256 is stored). Earlier unused tokens of the
 * same purpose stop working: only the newest link in the inbox counts.
 */
export async function issueAccountToken(
  db: Db,
  { userId, purpose, ttlMs, now }: { userId: number; purpose: AccountTokenPurpose; ttlMs: number; now: Date },
): Promise<string> {
  const token = newSessionToken();
  await db('account_tokens').where({ user_id: userId, purpose }).whereNull('used_at').delete();
  await db('account_tokens').insert({
    user_id: userId,
    purpose,
    token_hash: hashSessionToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** Uses the token up (atomically: of two racing requests only one gets the user id) or answers null. */
export async function consumeAccountToken(
  db: Db,
  { token, purpose, now }: { token: string; purpose: AccountTokenPurpose; now: Date },
): Promise<number | null> {
  const rows = (await db('account_tokens')
    .where({ token_hash: hashSessionToken(token), purpose })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now })
    .returning(['user_id'])) as Array<{ user_id: number }>;
  return rows[0]?.user_id ?? null;
}

/** Why a token was not taken: used already, run out, or not one we issued (mistyped, cut short, replaced by a newer one). */
export type RefusedTokenReason = 'used' | 'expired' | 'unknown';

export async function whyTokenRefused(
  db: Db,
  { token, purpose, now }: { token: string; purpose: AccountTokenPurpose; now: Date },
): Promise<RefusedTokenReason> {
  const row = (await db('account_tokens').where({ token_hash: hashSessionToken(token), purpose }).first(['used_at', 'expires_at'])) as
    | { used_at: Date | string | null; expires_at: Date | string }
    | undefined;
  if (!row) return 'unknown';
  if (row.used_at !== null) return 'used';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'unknown';
}
