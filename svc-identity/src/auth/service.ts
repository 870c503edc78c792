import type { AuthUser, LoginBody, RegisterBody, User } from '@fragtbud/contracts';
import { eventTypes, legalVersions } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { EventMeta, IdentityContext } from '../context';
import type { ClientInfo, NewSession } from '../sessions/service';
import { closeSession, openSession } from '../sessions/service';
import { findUserByEmail, insertUser } from '../users/repo';
import { toUserJson } from '../users/user-json';
import {
  clearLoginFailures,
  countAddressFailuresSince,
  countLoginFailuresSince,
  deleteLoginFailuresBefore,
  recordLoginFailure,
  type LoginKey,
} from './login-failures-repo';
import { hashPassword, verifyAgainstNobody, verifyPassword } from './passwords';
import { assertPasswordNotCommon } from '../password/policy';
import { openLoginChallenge } from '../two-factor/service';
import { assertMaySignIn, queueVerificationMail } from '../verification/service';
import { userRegisteredOf } from '../users/user-events';
import { announceCarrierProfile } from '../carrier-profile/announce';

export interface SignedIn {
  user: User;
  session: NewSession;
}

/** The password was right but the user has two-factor on: the code step comes next, no session yet. */
export interface TwoFactorPending {
  twoFactorRequired: true;
  challenge: string;
}

const emailTaken = () => domainError('email_taken');

/** Creates a customer or a carrier (carriers wait for an admin's approval) and signs them in. */
export async function register(
  context: IdentityContext,
  body: RegisterBody,
  client: ClientInfo,
  meta: EventMeta,
): Promise<SignedIn> {
  if (await findUserByEmail(context.db, body.email)) throw emailTaken();
  assertPasswordNotCommon(body.password, 'password');
  // Hashing takes a while; it happens before the transaction so the connection is not held meanwhile.
  const passwordHash = await hashPassword(body.password);
  const signedIn = await context.db.transaction(async (trx) => {
    const now = context.clock();
    const row = await insertUser(
      trx,
      {
        name: body.name,
        email: body.email,
        password_hash: passwordHash,
        role: body.role,
        phone: body.phone ?? null,
        company: body.company ?? null,
        is_approved: body.role !== 'carrier',
        // The schema refuses a registration without acceptance; what was accepted, and when, is kept.
        terms_version: legalVersions.terms,
        privacy_version: legalVersions.privacy,
        terms_accepted_at: now,
      },
      now,
    );
    if (!row) throw emailTaken();
    await context.outbox.add(
      trx,
      eventTypes.userRegistered,
      userRegisteredOf(row),
      meta,
    );
    await announceCarrierProfile(context, trx, row);
    await queueVerificationMail(context, trx, row, body.next);
    return { user: toUserJson(row), session: await openSession(context, trx, row.id, client) };
  });
  context.logger.info({ userId: signedIn.user.id, role: signedIn.user.role }, 'user registered');
  return signedIn;
}

/**
 * Signs a user in. A wrong e-mail and a wrong password get the same answer in about the same time, whether or not the
 * account exists or is blocked, so nobody can probe for accounts; the right password of a blocked account is told so
 * (403 account_blocked) without a session. Failures are counted per e-mail and client address and per
 * client address across e-mails (password spraying); either over its limit in the window is 429.
 */
export async function login(
  context: IdentityContext,
  body: LoginBody,
  client: ClientInfo,
): Promise<SignedIn | TwoFactorPending> {
  const { db, config } = context;
  const key: LoginKey = { email: body.email, ip: client.ip ?? 'unknown' };
  const now = context.clock();
  const windowStart = new Date(now.getTime() - config.LOGIN_RATE_WINDOW_MINUTES * 60_000);
  if (
    (await countLoginFailuresSince(db, key, windowStart)) >= config.LOGIN_RATE_LIMIT ||
    (await countAddressFailuresSince(db, key.ip, windowStart)) >= config.LOGIN_ADDRESS_RATE_LIMIT
  ) {
    throw domainError('too_many_attempts');
  }

  const row = await findUserByEmail(db, body.email);
  const passwordMatches = row
    ? await verifyPassword(row.password_hash, body.password)
    : await verifyAgainstNobody(body.password);
  if (!row || !passwordMatches) {
    await deleteLoginFailuresBefore(db, windowStart);
    await recordLoginFailure(db, key, now);
    context.logger.info({ ip: key.ip }, 'login refused');
    throw domainError('invalid_credentials');
  }
  // Only someone who knows the password learns that the account is blocked, and what to do about it.
  if (row.is_blocked) {
    context.logger.info({ userId: row.id }, 'login refused: account blocked');
    throw domainError('account_blocked');
  }
  assertMaySignIn(context, row);
  if (row.totp_enabled_at) {
    const challenge = await db.transaction(async (trx) => {
      await clearLoginFailures(trx, key);
      return openLoginChallenge(context, trx, row.id);
    });
    return { twoFactorRequired: true, challenge };
  }

  const session = await db.transaction(async (trx) => {
    await clearLoginFailures(trx, key);
    return openSession(context, trx, row.id, client);
  });
  return { user: toUserJson(row), session };
}

export async function logout(context: IdentityContext, caller: AuthUser, token: string | null): Promise<void> {
  await closeSession(context, caller.id, token);
}
