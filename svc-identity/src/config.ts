import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fragtbud/platform';
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
    LOGIN_RATE_WINDOW_MINUTES: positiveInt(15),
  })
  .superRefine((config, ctx) => {
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

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(identityConfigSchema, env);
