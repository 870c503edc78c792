import type { AuthUser } from '@fragtbud/contracts';
import type { Db, IdentityContext } from '../context';
import { toAuthUser } from '../users/user-json';
import { findUserById } from '../users/repo';
import { announceEmailVerified } from '../users/user-events';
import {
  deleteExpiredSessions,
  deleteSessionByHash,
  deleteSessionById,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './repo';
import { hashSessionToken, newSessionToken } from './tokens';

/** last_seen_at is written at most this often, so a busy session does not cost a write per request. */
const touchIntervalMs = 60_000;

const daysMs = (days: number) => Math.round(days * 24 * 60 * 60_000);

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Opens a session for the user (inside the caller's transaction when given one) and returns its token. */
export async function openSession(
  context: IdentityContext,
  db: Db,
  userId: number,
  client: ClientInfo,
): Promise<NewSession> {
  const now = context.clock();
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + daysMs(context.config.SESSION_ABSOLUTE_DAYS));
  await deleteExpiredSessions(db, { now, idleCutoff: idleCutoff(context, now), userId });
  await insertSession(db, {
    token_hash: hashSessionToken(token),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip?.slice(0, 100) ?? null,
  });
  // Signing in with a verified e-mail attaches the guest tasks posted with it since (guest follow-up).
  const user = await findUserById(db, userId);
  if (user) await announceEmailVerified(context, db, user, 'signed_in');
  return { token, expiresAt };
}

/** The user behind a session token, or null when the token is unknown, expired or the user is blocked. */
export async function resolveSession(context: IdentityContext, token: string): Promise<AuthUser | null> {
  const { db } = context;
  const session = await findSessionWithUser(db, hashSessionToken(token));
  if (!session) return null;
  const now = context.clock();
  const expired =
    session.expires_at.getTime() <= now.getTime() || session.last_seen_at.getTime() < idleCutoff(context, now).getTime();
  if (expired || session.is_blocked) {
    await deleteSessionById(db, session.session_id);
    return null;
  }
  if (now.getTime() - session.last_seen_at.getTime() >= touchIntervalMs) {
    await touchSession(db, session.session_id, now);
  }
  return toAuthUser(session);
}

/** Ends one session of the user; without a token, every session of the user. */
export async function closeSession(context: IdentityContext, userId: number, token: string | null): Promise<void> {
  if (token) await deleteSessionByHash(context.db, hashSessionToken(token), userId);
  else await deleteSessionsOfUser(context.db, userId);
}

export async function closeAllSessionsOf(db: Db, userId: number): Promise<number> {
  return deleteSessionsOfUser(db, userId);
}

export async function sweepExpiredSessions(context: IdentityContext): Promise<number> {
  const now = context.clock();
  return deleteExpiredSessions(context.db, { now, idleCutoff: idleCutoff(context, now) });
}

function idleCutoff(context: IdentityContext, now: Date): Date {
  return new Date(now.getTime() - daysMs(context.config.SESSION_IDLE_DAYS));
}
