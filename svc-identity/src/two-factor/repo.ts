import type { Db } from '../context';

export interface LoginChallengeRow {
  id: number;
  user_id: number;
  challenge_hash: string;
  email_code_hash: string | null;
  email_code_expires_at: Date | null;
  failed_attempts: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertLoginChallenge(db: Db, row: Pick<LoginChallengeRow, 'user_id' | 'challenge_hash' | 'created_at' | 'expires_at'>): Promise<void> {
  await db('login_challenges').insert(row);
}

/** The challenge, held until the transaction ends (a code is checked against it once at a time). */
export async function lockLoginChallenge(db: Db, challengeHash: string): Promise<LoginChallengeRow | undefined> {
  return db<LoginChallengeRow>('login_challenges').where({ challenge_hash: challengeHash }).forUpdate().first();
}

export async function updateLoginChallenge(db: Db, id: number, patch: Partial<LoginChallengeRow>): Promise<void> {
  await db('login_challenges').where({ id }).update(patch);
}

/** Every open challenge of the user is used up (the second factor just locked). */
export async function endLoginChallengesOf(db: Db, userId: number, now: Date): Promise<void> {
  await db('login_challenges').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
}

export async function deleteLoginChallengesBefore(db: Db, before: Date): Promise<void> {
  await db('login_challenges').where('expires_at', '<', before).delete();
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db('recovery_codes').where({ user_id: userId }).delete();
  if (codeHashes.length > 0) await db('recovery_codes').insert(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  return (await db('recovery_codes').where({ user_id: userId, code_hash: codeHash }).whereNull('used_at').update({ used_at: now })) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = (await db('recovery_codes').where({ user_id: userId }).whereNull('used_at').count({ count: '*' })) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}
