import type { AuthUser, SessionInfo } from '@fragtbud/contracts';

import { domainError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { endSessions } from '../sessions/service';
import { hashSessionToken } from '../sessions/tokens';
import { listSessionsOf } from './repo';

/** 'Chrome på Windows' from a user agent; 'Ukendt enhed' when it says nothing recognisable. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Ukendt enhed';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/iPhone|iPad/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  if (browser && system) return `${browser} på ${system}`;
  return (browser ?? system ?? userAgent.slice(0, 60)) as string;
}

export async function listMySessions(context: IdentityContext, caller: AuthUser, currentToken: string | null): Promise<SessionInfo[]> {
  const now = context.clock();
  const idleCutoff = new Date(now.getTime() - context.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000);
  const currentHash = currentToken ? hashSessionToken(currentToken) : null;
  const rows = await listSessionsOf(context.db, caller.id, now, idleCutoff);
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.user_agent),
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
    last_seen_at: new Date(row.last_seen_at).toISOString(),
    current: row.token_hash === currentHash,
  }));
}

/** Ends one of the caller's own sessions; another user's session id is answered as unknown. */
export async function endMySession(context: IdentityContext, caller: AuthUser, sessionId: number): Promise<void> {
  const ended = await context.db.transaction((trx) => endSessions(context, trx, { userId: caller.id, sessionId }, 'ended_by_user'));
  if (ended.length === 0) throw domainError('session_not_found');
}

/** 'Log ud af alle andre': ends every session of the caller but the one making the request; how many ended. */
export async function endMyOtherSessions(context: IdentityContext, caller: AuthUser, currentToken: string | null): Promise<number> {
  // Without the current session's token there is nothing to keep: refused rather than logging the caller out too.
  if (!currentToken) throw domainError('unauthorized');
  const exceptTokenHash = hashSessionToken(currentToken);
  const ended = await context.db.transaction((trx) => endSessions(context, trx, { userId: caller.id, exceptTokenHash }, 'other_sessions_ended'));
  return ended.length;
}
