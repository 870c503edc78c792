import { messages } from '@fragtbud/contracts';
import { domainError, mailTemplates } from '@fragtbud/platform';
import { consumeAccountToken, issueAccountToken } from '../account-tokens/repo';
import type { Db, IdentityContext } from '../context';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../users/repo';
import { announceEmailVerified } from '../users/user-events';
import type { ClientInfo } from '../sessions/service';
import { takeAccountMailSlot } from '../throttle/account-mails';

const verificationTtlMs = 24 * 60 * 60_000;

/**
 * Queues the verification mail (inside the caller's transaction, e.g. the registration's). `next` (a same-site path,
 * where the registration started) rides along in the link, so the verified user is offered the way back.
 */
export async function queueVerificationMail(
  context: IdentityContext,
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  next?: string,
): Promise<void> {
  const token = await issueAccountToken(db, { userId: user.id, purpose: 'verify_email', ttlMs: verificationTtlMs, now: context.clock() });
  const link = `${context.config.PUBLIC_ORIGIN}/verify-email?token=${token}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  await context.mailer.queue(db, mailTemplates.verifyEmail(user.email, { name: user.name, link }));
}

/**
 * POST /auth/verify-request: the same answer whether the e-mail is unknown, verified or waiting; throttled per
 * e-mail and per client address (429 with Retry-After) in every one of those cases.
 */
export async function requestVerification(context: IdentityContext, email: string, client: ClientInfo): Promise<{ message: string }> {
  await takeAccountMailSlot(context, 'verification_mail', email, client);
  const user = await findUserByEmail(context.db, email);
  if (user && !user.email_verified_at && !user.is_blocked) {
    await context.db.transaction((trx) => queueVerificationMail(context, trx, user));
    context.logger.info({ userId: user.id }, 'verification mail queued');
  }
  return { message: messages.verificationMailSent };
}

/** POST /auth/verify-email: the link's token, once. */
export async function verifyEmail(context: IdentityContext, token: string): Promise<{ message: string }> {
  const now = context.clock();
  const verified = await context.db.transaction(async (trx) => {
    const userId = await consumeAccountToken(trx, { token, purpose: 'verify_email', now });
    if (userId === null) return false;
    await trx('users').where({ id: userId }).whereNull('email_verified_at').update({ email_verified_at: now, updated_at: now });
    const user = await findUserById(trx, userId);
    if (user) await announceEmailVerified(context, trx, user, 'verified');
    return true;
  });
  if (!verified) throw domainError('verify_link_invalid');
  return { message: messages.emailVerified };
}

/** With EMAIL_VERIFICATION=required, an unverified account cannot sign in (403 email_not_verified). */
export function assertMaySignIn(context: IdentityContext, user: UserRow): void {
  if (context.config.EMAIL_VERIFICATION === 'required' && !user.email_verified_at) {
    throw domainError('email_not_verified');
  }
}

/** Marks the e-mail verified (a reset link proved the mailbox is theirs). */
export async function markEmailVerified(context: IdentityContext, db: Db, user: UserRow): Promise<void> {
  if (!user.email_verified_at) await updateUser(db, user.id, { email_verified_at: context.clock() }, context.clock());
}
