import type { Db } from '../context';
import type { UserRow } from '../users/repo';

export interface SessionRow {
  id: number;
  token_hash: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string | null;
  ip: string | null;
}

export type SessionWithUser = UserRow & { session_id: number; last_seen_at: Date; expires_at: Date };

export async function insertSession(db: Db, session: Omit<SessionRow, 'id'>): Promise<void> {
  await db('sessions').insert(session);
}

export async function findSessionWithUser(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  return db('sessions')
    .join('users', 'users.id', 'sessions.user_id')
    .where('sessions.token_hash', tokenHash)
    .first('users.*', 'sessions.id as session_id', 'sessions.last_seen_at', 'sessions.expires_at');
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db('sessions').where({ id: sessionId }).update({ last_seen_at: now });
}

/**
 * Which of a user's sessions to delete: all of them, one by id, the one with a token hash, or all but the one with
 * `exceptTokenHash`.
 */
export interface SessionSelector {
  userId: number;
  sessionId?: number;
  tokenHash?: string;
  exceptTokenHash?: string | null;
}

/** Deletes the selected sessions; the ids of those deleted. */
export async function deleteSessions(db: Db, which: SessionSelector): Promise<number[]> {
  const rows = (await db('sessions')
    .where({ user_id: which.userId })
    .modify((query) => {
      if (which.sessionId !== undefined) query.where({ id: which.sessionId });
      if (which.tokenHash !== undefined) query.where({ token_hash: which.tokenHash });
      if (which.exceptTokenHash) query.whereNot({ token_hash: which.exceptTokenHash });
    })
    .delete()
    .returning('id')) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

/** Removes sessions past their absolute or idle expiry (of one user, or of everyone); which ones, with their users. */
export async function deleteExpiredSessions(
  db: Db,
  limits: { now: Date; idleCutoff: Date; userId?: number },
): Promise<Array<{ id: number; user_id: number }>> {
  return (await db('sessions')
    .where((where) => {
      if (limits.userId !== undefined) where.where({ user_id: limits.userId });
    })
    .andWhere((expired) => expired.where('expires_at', '<=', limits.now).orWhere('last_seen_at', '<', limits.idleCutoff))
    .delete()
    .returning(['id', 'user_id'])) as Array<{ id: number; user_id: number }>;
}
