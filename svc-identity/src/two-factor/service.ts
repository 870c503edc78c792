import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type { AuthUser, User } from '@fragtbud/contracts';
import { messages, securityTexts } from '@fragtbud/contracts';
import { domainError, mailTemplates } from '@fragtbud/platform';
import { verifyPassword } from '../auth/passwords';
import type { Db, IdentityContext } from '../context';
import { openSession, type ClientInfo, type NewSession } from '../sessions/service';
import { hashSessionToken, newSessionToken } from '../sessions/tokens';
import { findUserById, lockUserById, updateUser, type UserRow } from '../users/repo';
import { toUserJson } from '../users/user-json';
import {
  countUnusedRecoveryCodes,
  deleteLoginChallengesBefore,
  endLoginChallengesOf,
  insertLoginChallenge,
  lockLoginChallenge,
  replaceRecoveryCodes,
  updateLoginChallenge,
  useRecoveryCode,
  type LoginChallengeRow,
} from './repo';
import { createSecretBox } from './secret-box';
import { clearThrottleHits } from '../throttle/repo';
import { countThrottleHit, minutesOf, throttleVerdict, type ThrottleRule } from '../throttle/service';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp';

const challengeTtlMs = 10 * 60_000;
const emailCodeTtlMs = 10 * 60_000;
/** A new mailed code at most this often per challenge. */
const emailCodeIntervalMs = 30_000;
export const maxCodeAttempts = 5;
const recoveryCodeCount = 10;
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

const invalidCode = () => domainError('invalid_code');
const notValidInProfile = () =>
  domainError('invalid_code', { variant: 'twoFactorCodeNotValid', details: [{ path: 'code', message: messages.twoFactorCodeNotValid }] });

function boxOf(context: IdentityContext) {
  return createSecretBox(context.config);
}

async function currentUser(context: IdentityContext, caller: AuthUser): Promise<UserRow> {
  const row = await findUserById(context.db, caller.id);
  if (!row) throw domainError('unauthorized');
  return row;
}

export async function twoFactorStatus(context: IdentityContext, caller: AuthUser) {
  const row = await currentUser(context, caller);
  return {
    enabled: row.totp_enabled_at !== null,
    pending: row.totp_enabled_at === null && row.totp_pending_secret_enc !== null,
    recoveryCodesLeft: row.totp_enabled_at ? await countUnusedRecoveryCodes(context.db, row.id) : 0,
  };
}

/** Step 2 of the profile's setup: a new secret waiting for its first code, as a QR image and as text. */
export async function startSetup(context: IdentityContext, caller: AuthUser) {
  const row = await currentUser(context, caller);
  if (row.totp_enabled_at) throw domainError('two_factor_enabled');
  const base32 = newTotpSecret();
  await updateUser(context.db, row.id, { totp_pending_secret_enc: boxOf(context).seal(base32) }, context.clock());
  const url = otpauthUrl(base32, row.email);
  return { qr: await QRCode.toDataURL(url, { margin: 1, width: 220 }), base32, otpauthUrl: url };
}

/** Step 3: the first code from the app turns two-factor on and gives the ten recovery codes, shown this once. */
export async function enable(context: IdentityContext, caller: AuthUser, code: string) {
  const now = context.clock();
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const outcome = await context.db.transaction(async (trx) => {
    const row = await lockUserById(trx, caller.id);
    if (!row) throw domainError('unauthorized');
    if (row.totp_enabled_at) throw domainError('two_factor_enabled');
    if (!row.totp_pending_secret_enc) throw domainError('two_factor_not_started');
    const step = matchingTotpStep(boxOf(context).open(row.totp_pending_secret_enc), code, now);
    if (step === null) return 'wrong' as const;
    await updateUser(
      trx,
      row.id,
      { totp_secret_enc: row.totp_pending_secret_enc, totp_pending_secret_enc: null, totp_enabled_at: now, totp_last_step: step },
      now,
    );
    await replaceRecoveryCodes(trx, row.id, recoveryCodes.map(hashSessionToken));
    return 'enabled' as const;
  });
  if (outcome === 'wrong') throw notValidInProfile();
  context.logger.info({ userId: caller.id }, 'two-factor enabled');
  return { enabled: true as const, recoveryCodes };
}

/** Turning it off needs proof: a current code from the app, or the password. */
export async function disable(context: IdentityContext, caller: AuthUser, proof: { code?: string; password?: string }) {
  const row = await currentUser(context, caller);
  if (!row.totp_enabled_at || !row.totp_secret_enc) throw domainError('two_factor_not_enabled');
  const now = context.clock();
  let proven = false;
  if (proof.code) {
    const step = matchingTotpStep(boxOf(context).open(row.totp_secret_enc), proof.code, now);
    proven = step !== null && step > (row.totp_last_step ?? -1);
  } else if (proof.password) {
    proven = await verifyPassword(row.password_hash, proof.password);
  }
  if (!proven) throw notValidInProfile();
  await context.db.transaction(async (trx) => {
    await updateUser(trx, row.id, { totp_secret_enc: null, totp_pending_secret_enc: null, totp_enabled_at: null, totp_last_step: null }, now);
    await replaceRecoveryCodes(trx, row.id, []);
  });
  context.logger.info({ userId: caller.id }, 'two-factor disabled');
  return { enabled: false };
}

/** After the right password of a user with two-factor on: a single-use challenge (10 minutes, 5 tries), no session. */
export async function openLoginChallenge(context: IdentityContext, db: Db, userId: number): Promise<string> {
  const now = context.clock();
  const challenge = newSessionToken();
  await deleteLoginChallengesBefore(db, now);
  await insertLoginChallenge(db, {
    user_id: userId,
    challenge_hash: hashSessionToken(challenge),
    created_at: now,
    expires_at: new Date(now.getTime() + challengeTtlMs),
  });
  return challenge;
}

function challengeUsable(challenge: LoginChallengeRow | undefined, now: Date): challenge is LoginChallengeRow {
  return Boolean(
    challenge && !challenge.used_at && challenge.expires_at.getTime() > now.getTime() && challenge.failed_attempts < maxCodeAttempts,
  );
}

/** POST /auth/2fa/email/request: mails a 6-digit code for a live challenge of that e-mail's user. */
export async function mailLoginCode(context: IdentityContext, input: { email: string; challenge: string }) {
  const now = context.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const outcome = await context.db.transaction(async (trx) => {
    const challenge = await lockLoginChallenge(trx, hashSessionToken(input.challenge));
    if (!challengeUsable(challenge, now)) return 'invalid' as const;
    const user = await findUserById(trx, challenge.user_id);
    if (!user || user.email !== input.email || user.is_blocked) return 'invalid' as const;
    // No codes are mailed while the code step is locked: they could not be used, and the mailbox stays quiet.
    assertSecondFactorOpen(context, user, now);
    const lastSentAt = challenge.email_code_expires_at ? challenge.email_code_expires_at.getTime() - emailCodeTtlMs : null;
    if (lastSentAt !== null && now.getTime() - lastSentAt < emailCodeIntervalMs) return 'too_soon' as const;
    await updateLoginChallenge(trx, challenge.id, {
      email_code_hash: hashSessionToken(`${challenge.id}:${code}`),
      email_code_expires_at: new Date(now.getTime() + emailCodeTtlMs),
    });
    await context.mailer.queue(trx, mailTemplates.loginCode(user.email, { name: user.name, code }));
    return 'sent' as const;
  });
  if (outcome === 'invalid') throw invalidCode();
  if (outcome === 'too_soon') throw domainError('code_requested_too_often');
  return { message: messages.loginCodeSent };
}

/**
 * POST /auth/2fa/email/verify: the mailed code, the app's current code (±1 step, each step once) or an unused
 * recovery code turns a live challenge into a session. Five wrong codes end the challenge. Wrong codes are also
 * counted per account (across challenges, sessions and addresses) and per client address: at the account's limit the
 * code step locks for TWO_FACTOR_LOCKOUT_MINUTES — every code, the right one too, gets a Danish 429 with Retry-After —
 * and the user is mailed; a new challenge (a new right password) changes nothing about that.
 */
export async function verifyLoginCode(
  context: IdentityContext,
  input: { email: string; challenge: string; code: string },
  client: ClientInfo,
): Promise<{ user: User; session: NewSession }> {
  const now = context.clock();
  const rules = secondFactorRules(context);
  const address = client.ip ?? 'unknown';
  const outcome = await context.db.transaction(async (trx) => {
    const challenge = await lockLoginChallenge(trx, hashSessionToken(input.challenge));
    if (!challengeUsable(challenge, now)) return null;
    // The user's row is the lock every code of this account waits on, whichever challenge or address it comes with.
    const user = await lockUserById(trx, challenge.user_id);
    if (!user || user.email !== input.email || user.is_blocked) return null;
    assertSecondFactorOpen(context, user, now);
    const fromAddress = await throttleVerdict(trx, rules.address, address, now);
    if (!fromAddress.allowed) {
      throw secondFactorRefused(securityTexts.secondFactorAddressLimited(minutesOf(fromAddress.retryAfterSeconds)), fromAddress.retryAfterSeconds);
    }
    if (!(await codeMatches(context, trx, challenge, user, input.code, now))) {
      const failed = challenge.failed_attempts + 1;
      await updateLoginChallenge(trx, challenge.id, { failed_attempts: failed, ...(failed >= maxCodeAttempts ? { used_at: now } : {}) });
      await countThrottleHit(trx, rules.address, address, now);
      await countThrottleHit(trx, rules.account, String(user.id), now);
      const onAccount = await throttleVerdict(trx, rules.account, String(user.id), now);
      if (onAccount.allowed) return null;
      await lockSecondFactor(context, trx, user, now);
      return 'locked' as const;
    }
    await clearThrottleHits(trx, { bucket: rules.account.bucket, key: String(user.id) });
    await updateLoginChallenge(trx, challenge.id, { used_at: now });
    return { user: toUserJson(user), session: await openSession(context, trx, user.id, client) };
  });
  if (outcome === 'locked') {
    const seconds = context.config.TWO_FACTOR_LOCKOUT_MINUTES * 60;
    throw secondFactorRefused(securityTexts.secondFactorLocked(minutesOf(seconds)), seconds);
  }
  if (!outcome) throw invalidCode();
  return outcome;
}

function secondFactorRules(context: IdentityContext): { account: ThrottleRule; address: ThrottleRule } {
  const windowMs = context.config.TWO_FACTOR_WINDOW_MINUTES * 60_000;
  return {
    account: { bucket: 'second_factor_user', limit: context.config.TWO_FACTOR_FAILURE_LIMIT, windowMs },
    address: { bucket: 'second_factor_address', limit: context.config.TWO_FACTOR_ADDRESS_FAILURE_LIMIT, windowMs },
  };
}

const secondFactorRefused = (message: string, retryAfterSeconds: number) =>
  domainError('second_factor_locked', { message, retryAfterSeconds });

/** 429 with the minutes left while the account's code step is locked. */
function assertSecondFactorOpen(context: IdentityContext, user: UserRow, now: Date): void {
  const lockedUntil = user.second_factor_locked_until;
  if (!lockedUntil || lockedUntil.getTime() <= now.getTime()) return;
  const seconds = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
  throw secondFactorRefused(securityTexts.secondFactorLocked(minutesOf(seconds)), seconds);
}

/**
 * The account's limit of wrong codes is reached: the code step locks, the count starts over for after the lockout,
 * every open challenge of the user ends, and the user is mailed (in the same transaction).
 */
async function lockSecondFactor(context: IdentityContext, trx: Db, user: UserRow, now: Date): Promise<void> {
  const minutes = context.config.TWO_FACTOR_LOCKOUT_MINUTES;
  await updateUser(trx, user.id, { second_factor_locked_until: new Date(now.getTime() + minutes * 60_000) }, now);
  await clearThrottleHits(trx, { bucket: 'second_factor_user', key: String(user.id) });
  await endLoginChallengesOf(trx, user.id, now);
  await context.mailer.queue(
    trx,
    mailTemplates.secondFactorLocked(user.email, {
      name: user.name,
      failures: context.config.TWO_FACTOR_FAILURE_LIMIT,
      minutes,
      link: `${context.config.PUBLIC_ORIGIN}/forgot-password`,
    }),
  );
  context.logger.warn({ userId: user.id }, 'second factor locked after too many wrong codes');
}

async function codeMatches(
  context: IdentityContext,
  trx: Db,
  challenge: LoginChallengeRow,
  user: UserRow,
  code: string,
  now: Date,
): Promise<boolean> {
  if (code.includes('-')) return useRecoveryCode(trx, user.id, hashSessionToken(code), now);
  const mailed =
    challenge.email_code_hash !== null &&
    challenge.email_code_expires_at !== null &&
    challenge.email_code_expires_at.getTime() > now.getTime() &&
    challenge.email_code_hash === hashSessionToken(`${challenge.id}:${code}`);
  if (mailed) return true;
  if (!user.totp_enabled_at || !user.totp_secret_enc) return false;
  const step = matchingTotpStep(createSecretBox(context.config).open(user.totp_secret_enc), code, now);
  if (step === null || step <= (user.totp_last_step ?? -1)) return false;
  await updateUser(trx, user.id, { totp_last_step: step }, now);
  return true;
}

function newRecoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => recoveryAlphabet[randomInt(0, recoveryAlphabet.length)]).join('');
  return `${pick()}-${pick()}`;
}
