import { randomUUID } from 'node:crypto';
import { eventTypes, type AuthUser, type EventPayload, type SessionEndReason } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { Db, EventMeta, IdentityContext } from '../context';
import { toAuthUser } from '../users/user-json';
import { findUserById } from '../users/repo';
import { announceEmailVerified } from '../users/user-events';
import { deleteExpiredSessions, deleteSessions, findSessionWithUser, insertSession, touchSession, type SessionSelector } from './repo';
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
  // svc-tasks learns the e-mail is verified (a claim by a guest link made before verification is carried out then).
  const user = await findUserById(db, userId);
  if (user) await announceEmailVerified(context, db, user, 'signed_in');
  return { token, expiresAt };
}

/** The user behind a session token and the session's id, or null when the token is unknown, expired or the user is blocked. */
export async function resolveSession(context: IdentityContext, token: string): Promise<{ user: AuthUser; sessionId: number } | null> {
  const { db } = context;
  const session = await findSessionWithUser(db, hashSessionToken(token));
  if (!session) return null;
  const now = context.clock();
  const expired =
    session.expires_at.getTime() <= now.getTime() || session.last_seen_at.getTime() < idleCutoff(context, now).getTime();
  if (expired || session.is_blocked) {
    await db.transaction((trx) =>
      endSessions(context, trx, { userId: session.id, sessionId: session.session_id }, session.is_blocked ? 'blocked' : 'expired'),
    );
    return null;
  }
  if (now.getTime() - session.last_seen_at.getTime() >= touchIntervalMs) {
    await touchSession(db, session.session_id, now);
  }
  return { user: toAuthUser(session), sessionId: session.session_id };
}

/**
 * Ends the selected sessions of a user inside the caller's transaction and says so with identity.session.ended (through
 * the outbox, so only after commit): every gateway replica then forgets them and closes their live streams at once,
 * instead of at its next heartbeat. Every way a session ends goes through here (logout, sessions ended from the
 * profile, password change and reset, block, deletion), except the periodic sweep of sessions nobody can use any more.
 * Returns the ids of the sessions ended.
 */
export async function endSessions(
  context: Pick<IdentityContext, 'outbox'>,
  trx: Knex.Transaction,
  which: SessionSelector,
  reason: SessionEndReason,
  meta: EventMeta = {},
): Promise<number[]> {
  const sessionIds = await deleteSessions(trx, which);
  if (sessionIds.length > 0) {
    await context.outbox.add(
      trx,
      eventTypes.sessionEnded,
      { userId: which.userId, sessionIds, reason } satisfies EventPayload<typeof eventTypes.sessionEnded>,
      { correlationId: meta.correlationId ?? randomUUID(), ...(meta.causationId ? { causationId: meta.causationId } : {}) },
    );
  }
  return sessionIds;
}

/** Ends one session of the user (logout); without a token, every session of the user. */
export async function closeSession(context: IdentityContext, userId: number, token: string | null): Promise<void> {
  await context.db.transaction((trx) =>
    endSessions(context, trx, token ? { userId, tokenHash: hashSessionToken(token) } : { userId }, 'logout'),
  );
}

/** Every session of the user ends (block, deletion, a password set by the operator), in the caller's transaction. */
export async function closeAllSessionsOf(
  context: Pick<IdentityContext, 'outbox'>,
  trx: Knex.Transaction,
  userId: number,
  reason: SessionEndReason,
): Promise<number> {
  return (await endSessions(context, trx, { userId }, reason)).length;
}

/** Sessions past their expiry are deleted quietly: nobody can use them, and the gateway's check refuses them anyway. */
export async function sweepExpiredSessions(context: IdentityContext): Promise<number> {
  const now = context.clock();
  return (await deleteExpiredSessions(context.db, { now, idleCutoff: idleCutoff(context, now) })).length;
}

function idleCutoff(context: IdentityContext, now: Date): Date {
  return new Date(now.getTime() - daysMs(context.config.SESSION_IDLE_DAYS));
}
