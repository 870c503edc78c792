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

export async function deleteSessionById(db: Db, sessionId: number): Promise<void> {
  await db('sessions').where({ id: sessionId }).delete();
}

export async function deleteSessionByHash(db: Db, tokenHash: string, userId: number): Promise<number> {
  return db('sessions').where({ token_hash: tokenHash, user_id: userId }).delete();
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<number> {
  return db('sessions').where({ user_id: userId }).delete();
}

/** Removes sessions past their absolute or idle expiry (of one user, or of everyone). */
export async function deleteExpiredSessions(
  db: Db,
  limits: { now: Date; idleCutoff: Date; userId?: number },
): Promise<number> {
  return db('sessions')
    .where((where) => {
      if (limits.userId !== undefined) where.where({ user_id: limits.userId });
    })
    .andWhere((expired) => expired.where('expires_at', '<=', limits.now).orWhere('last_seen_at', '<', limits.idleCutoff))
    .delete();
}
