import { securityTexts } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import type { ClientInfo } from '../sessions/service';
import { minutesOf, takeThrottleSlot, type ThrottleRule } from './service';

export type AccountMailKind = 'reset_mail' | 'verification_mail';

/**
 * Reset-password and verification mails asked for: at most ACCOUNT_MAIL_EMAIL_LIMIT per e-mail address and
 * ACCOUNT_MAIL_ADDRESS_LIMIT per client address in ACCOUNT_MAIL_WINDOW_MINUTES, or a Danish 429 with Retry-After.
 * Every request counts, whether or not an account has that e-mail, so the 429 tells nothing about accounts either.
 */
export async function takeAccountMailSlot(context: IdentityContext, kind: AccountMailKind, email: string, client: ClientInfo): Promise<void> {
  const { config } = context;
  const windowMs = config.ACCOUNT_MAIL_WINDOW_MINUTES * 60_000;
  const perEmail: ThrottleRule = { bucket: `${kind}_email`, limit: config.ACCOUNT_MAIL_EMAIL_LIMIT, windowMs };
  const perAddress: ThrottleRule = { bucket: `${kind}_address`, limit: config.ACCOUNT_MAIL_ADDRESS_LIMIT, windowMs };
  await context.db.transaction((trx) =>
    takeThrottleSlot(
      trx,
      [
        { rule: perEmail, key: email.trim().toLowerCase() },
        { rule: perAddress, key: client.ip ?? 'unknown' },
      ],
      context.clock(),
      (retryAfterSeconds) =>
        domainError('too_many_mails', { message: securityTexts.accountMailThrottled(minutesOf(retryAfterSeconds)), retryAfterSeconds }),
    ),
  );
}
