import type { Db } from '../context';
import type { SessionRow } from '../sessions/repo';

export type SessionListRow = Pick<SessionRow, 'id' | 'token_hash' | 'created_at' | 'last_seen_at' | 'user_agent' | 'ip'>;

export async function listSessionsOf(db: Db, userId: number, now: Date, idleCutoff: Date): Promise<SessionListRow[]> {
  return db('sessions')
    .where({ user_id: userId })
    .andWhere('expires_at', '>', now)
    .andWhere('last_seen_at', '>=', idleCutoff)
    .orderBy('last_seen_at', 'desc')
    .select('id', 'token_hash', 'created_at', 'last_seen_at', 'user_agent', 'ip');
}
