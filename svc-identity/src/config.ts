import { z } from 'zod';
import { baseConfigSchema, checkMailConfig, loadConfig, mailConfigShape } from '@fragtbud/platform';
import { limits } from '@fragtbud/contracts';

/** An unset and an empty environment variable mean the same: not given. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const flag = (fallback: boolean) =>
  z.preprocess(
    blankAsUnset,
    z
      .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'use 1/0 or true/false' })
      .optional()
      .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value))),
  );

const positiveInt = (fallback: number) => z.preprocess(blankAsUnset, z.coerce.number().int().positive().default(fallback));
/** Days, fractions allowed (0.5 = 12 hours). */
const days = (fallback: number) => z.preprocess(blankAsUnset, z.coerce.number().positive().max(3650).default(fallback));

export const identityConfigSchema = baseConfigSchema
  .extend({
    /** An admin account created, or its password and role restored, at every start. */
    SEED_ADMIN_EMAIL: z.preprocess(blankAsUnset, z.string().trim().toLowerCase().pipe(z.email()).optional()),
    SEED_ADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().min(limits.passwordMinLength).max(200).optional()),
    /** Demo customer, approved carrier and admin with fixed credentials (see seed/demo-accounts.ts). */
    DEMO_SEED: flag(false),
    /** A session unused this long is gone. */
    SESSION_IDLE_DAYS: days(7),
    /** A session is gone this long after login, however much it is used; also the cookie's Max-Age. */
    SESSION_ABSOLUTE_DAYS: days(30),
    /** Mark the session cookie Secure (set it when the site is served over HTTPS). */
    COOKIE_SECURE: flag(false),
    /** Failed logins allowed per e-mail and client address within the window before 429. */
    LOGIN_RATE_LIMIT: positiveInt(10),
    /** Failed logins allowed per client address across all e-mails within the window before 429 (password spraying). */
    LOGIN_ADDRESS_RATE_LIMIT: positiveInt(30),
    LOGIN_RATE_WINDOW_MINUTES: positiveInt(15),
    /**
     * Wrong second-factor codes (mailed, TOTP or recovery) per account within the window, across every challenge
     * and address, before the account's code step locks for TWO_FACTOR_LOCKOUT_MINUTES (even the right code is then
     * refused, and the user is mailed).
     */
    TWO_FACTOR_FAILURE_LIMIT: positiveInt(10),
    /** Wrong second-factor codes per client address across all accounts within the window before that address gets 429. */
    TWO_FACTOR_ADDRESS_FAILURE_LIMIT: positiveInt(30),
    TWO_FACTOR_WINDOW_MINUTES: positiveInt(60),
    TWO_FACTOR_LOCKOUT_MINUTES: positiveInt(15),
    /** Reset-password and verification mails asked for per e-mail address, and per client address, within the window. */
    ACCOUNT_MAIL_EMAIL_LIMIT: positiveInt(3),
    ACCOUNT_MAIL_ADDRESS_LIMIT: positiveInt(10),
    ACCOUNT_MAIL_WINDOW_MINUTES: positiveInt(60),
    ...mailConfigShape,
    /** optional: login works before the e-mail is confirmed (a reminder only); required: 403 email_not_verified. */
    EMAIL_VERIFICATION: z.preprocess(blankAsUnset, z.enum(['optional', 'required']).default('optional')),
    /**
     * 32 bytes (64 hex characters or base64) encrypting the TOTP secrets (AES-256-GCM). Required in production;
     * elsewhere a fixed development key is used, so the embedded product keeps working across restarts.
     */
    TOTP_ENCRYPTION_KEY: z.preprocess(
      blankAsUnset,
      z
        .string()
        .optional()
        .refine((key) => key === undefined || decodeKey(key) !== null, 'must be 32 bytes as 64 hex characters or base64'),
    ),
    /**
     * Company register for the billing form's lookup: none (format and check digit only), local (a few real
     * companies kept in the code, for trying the flow; `npm start`'s default, refused in production), cvrapi or virk.
     */
    CVR_PROVIDER: z.preprocess(blankAsUnset, z.enum(['none', 'local', 'cvrapi', 'virk']).default('none')),
    /** Overrides the provider's address (tests point it at a local fake). */
    CVR_BASE_URL: z.preprocess(blankAsUnset, z.string().url().optional()),
    /** cvrapi.dk asks callers to name themselves in the User-Agent; virk: the system-to-system credentials. */
    CVR_USER_AGENT: z.preprocess(blankAsUnset, z.string().default('Fragtbud CVR-opslag')),
    CVR_USERNAME: z.preprocess(blankAsUnset, z.string().optional()),
    CVR_PASSWORD: z.preprocess(blankAsUnset, z.string().optional()),
    CVR_TIMEOUT_MS: positiveInt(3000),
    /** OpenID Connect login (e.g. a MitID broker); unset: the login button is hidden and /auth/oidc/* answer 404. */
    OIDC_ISSUER: z.preprocess(blankAsUnset, z.string().url().optional()),
    OIDC_CLIENT_ID: z.preprocess(blankAsUnset, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(blankAsUnset, z.string().optional()),
    /** Default {PUBLIC_ORIGIN}/api/auth/oidc/callback; must be registered with the provider. */
    OIDC_REDIRECT_URI: z.preprocess(blankAsUnset, z.string().url().optional()),
    OIDC_SCOPES: z.preprocess(blankAsUnset, z.string().default('openid email profile')),
    OIDC_LABEL: z.preprocess(blankAsUnset, z.string().default('Log ind med MitID')),
    /**
     * When the ID token proves the provider itself asked for more than one factor, a user with two-factor on is not
     * asked for our code after an OIDC login: any of these `amr` values (comma-separated), or an `acr` among
     * OIDC_MFA_ACR (e.g. a MitID broker's NSIS level 'https://data.gov.dk/concept/core/nsis/Substantial').
     */
    OIDC_MFA_AMR: z.preprocess(blankAsUnset, z.string().default('mfa')),
    OIDC_MFA_ACR: z.preprocess(blankAsUnset, z.string().default('')),
    /**
     * svc-tasks, asked who uploaded the document a carrier registers as insurance (GET /internal/files/:key). Without
     * it registering insurance answers 503; everything else works.
     */
    TASKS_URL: z.preprocess(blankAsUnset, z.string().url().optional()),
  })
  .superRefine((config, ctx) => {
    checkMailConfig(config, ctx);
    // Browsers drop a Secure cookie set over plain HTTP: every login would be lost without an error anywhere.
    if (config.NODE_ENV === 'production' && config.COOKIE_SECURE && config.PUBLIC_ORIGIN.startsWith('http://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SECURE'],
        message: `true, but PUBLIC_ORIGIN (${config.PUBLIC_ORIGIN}) is http://: browsers would drop the session cookie and no login would stick; serve https or set COOKIE_SECURE=false`,
      });
    }
    if (config.NODE_ENV === 'production' && !config.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOTP_ENCRYPTION_KEY'], message: 'required in production' });
    }
    if (config.OIDC_ISSUER && !(config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER' });
    }
    if (config.NODE_ENV === 'production' && config.OIDC_ISSUER?.startsWith('http:')) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must be https in production' });
    }
    if (config.NODE_ENV === 'production' && config.CVR_PROVIDER === 'local') {
      ctx.addIssue({ code: 'custom', path: ['CVR_PROVIDER'], message: 'local is for trying the product; use none, cvrapi or virk in production' });
    }
    if (config.CVR_PROVIDER === 'virk' && !(config.CVR_USERNAME && config.CVR_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['CVR_USERNAME'], message: 'CVR_USERNAME and CVR_PASSWORD are required when CVR_PROVIDER is virk' });
    }
    if (Boolean(config.SEED_ADMIN_EMAIL) !== Boolean(config.SEED_ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [config.SEED_ADMIN_EMAIL ? 'SEED_ADMIN_PASSWORD' : 'SEED_ADMIN_EMAIL'],
        message: 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together',
      });
    }
    if (config.SESSION_IDLE_DAYS > config.SESSION_ABSOLUTE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_DAYS'],
        message: 'must not exceed SESSION_ABSOLUTE_DAYS',
      });
    }
  });

/** A 32-byte key from 64 hex characters or base64, else null. */
export function decodeKey(text: string): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(identityConfigSchema, env);
