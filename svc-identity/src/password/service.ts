import type { AuthUser } from '@fragtbud/contracts';
import { messages } from '@fragtbud/contracts';
import { domainError, mailTemplates } from '@fragtbud/platform';
import { consumeAccountToken, issueAccountToken, whyTokenRefused } from '../account-tokens/repo';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { IdentityContext } from '../context';
import { endSessions } from '../sessions/service';
import { hashSessionToken } from '../sessions/tokens';
import { findUserByEmail, findUserById, updateUser } from '../users/repo';
import { assertPasswordNotCommon } from './policy';
import type { ClientInfo } from '../sessions/service';
import { takeAccountMailSlot } from '../throttle/account-mails';

const resetTtlMs = 60 * 60_000;

/**
 * POST /auth/forgot-password: mails a reset link when the account exists; the answer never tells. Throttled per
 * e-mail and per client address (429 with Retry-After) whether or not the account exists.
 */
export async function requestPasswordReset(context: IdentityContext, email: string, client: ClientInfo): Promise<{ message: string }> {
  await takeAccountMailSlot(context, 'reset_mail', email, client);
  const user = await findUserByEmail(context.db, email);
  if (user && !user.is_blocked) {
    await context.db.transaction(async (trx) => {
      const token = await issueAccountToken(trx, { userId: user.id, purpose: 'reset_password', ttlMs: resetTtlMs, now: context.clock() });
      const link = `${context.config.PUBLIC_ORIGIN}/reset-password?token=${token}`;
      await context.mailer.queue(trx, mailTemplates.resetPassword(user.email, { name: user.name, link }));
    });
    context.logger.info({ userId: user.id }, 'password reset mail queued');
  }
  return { message: messages.resetMailSent };
}

/** The mailed link's token (once, within the hour) sets a new password; every session of the user ends. */
export async function resetPasswordWithToken(
  context: IdentityContext,
  token: string,
  newPassword: string,
): Promise<{ message: string }> {
  assertPasswordNotCommon(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const now = context.clock();
  const userId = await context.db.transaction(async (trx) => {
    const owner = await consumeAccountToken(trx, { token, purpose: 'reset_password', now });
    if (owner === null) return null;
    // The link reached their mailbox: that proves the address as well.
    const row = await findUserById(trx, owner);
    await updateUser(trx, owner, { password_hash: passwordHash, ...(row?.email_verified_at ? {} : { email_verified_at: now }) }, now);
    await endSessions(context, trx, { userId: owner }, 'password_reset');
    return owner;
  });
  if (userId === null) {
    // The page says which, and offers a new link: a link used once already reads differently from a mistyped one.
    const reason = await whyTokenRefused(context.db, { token, purpose: 'reset_password', now });
    if (reason === 'used') throw domainError('reset_link_used');
    if (reason === 'expired') throw domainError('reset_link_expired');
    throw domainError('reset_link_invalid');
  }
  context.logger.info({ userId }, 'password reset with a mailed link; all sessions ended');
  return { message: messages.passwordChanged };
}

/** The profile's change: the current password must be right; the user's other sessions end. */
export async function changePassword(
  context: IdentityContext,
  caller: AuthUser,
  { currentPassword, newPassword, currentToken }: { currentPassword: string; newPassword: string; currentToken: string | null },
): Promise<{ message: string }> {
  const row = await findUserById(context.db, caller.id);
  if (!row) throw domainError('unauthorized');
  if (!(await verifyPassword(row.password_hash, currentPassword))) {
    throw domainError('current_password_wrong', { details: [
      { path: 'currentPassword', message: messages.currentPasswordWrong },
    ] });
  }
  assertPasswordNotCommon(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await context.db.transaction(async (trx) => {
    await updateUser(trx, caller.id, { password_hash: passwordHash }, context.clock());
    await endSessions(context, trx, { userId: caller.id, exceptTokenHash: currentToken ? hashSessionToken(currentToken) : null }, 'password_changed');
  });
  context.logger.info({ userId: caller.id }, 'password changed; other sessions ended');
  return { message: messages.passwordChanged };
}
