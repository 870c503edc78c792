import { z } from 'zod';
import { fileKeyOfUrl } from './files';
import { emailSchema, passwordSchema, profileResponseSchema } from './identity';
import { messages } from './messages';
import { phoneSchema } from './task-details';

/** Schemas of accounts and profile (issue 11): verification, password, two-factor, sessions, billing, bank, insurance, CVR. */

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const email = emailSchema;
const newPassword = passwordSchema;

/** Opaque tokens and challenges are base64url of 32 random bytes. */
const opaqueToken = z
  .string({ error: messages.invalidOrExpiredCode })
  .trim()
  .min(20, messages.invalidOrExpiredCode)
  .max(200, messages.invalidOrExpiredCode);

export const emailBodySchema = z.object({ email });
export type EmailBody = z.infer<typeof emailBodySchema>;

export const verifyEmailBodySchema = z.object({ token: opaqueToken.pipe(z.string().regex(/^[\w-]+$/, messages.verifyLinkInvalid)) });

/**
 * POST /auth/reset-password: logged in with {currentPassword, newPassword}, or from the mailed link with
 * {token, newPassword}.
 */
export const resetPasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, messages.passwordRequired).max(200, messages.textTooLong).optional(),
    token: opaqueToken.optional(),
    newPassword,
  })
  .refine((body) => Boolean(body.currentPassword) !== Boolean(body.token), {
    message: messages.passwordResetChoice,
    path: ['currentPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The mailed reset link's form: the new password typed twice (checked in the browser; the body is {token, newPassword}). */
export const newPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** The profile's password form: new password typed twice (checked in the browser only). */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, messages.passwordRequired), newPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const messageResponseSchema = z.object({ message: z.string() });

// --- two-factor ---

export const totpCodeSchema = z
  .string({ error: messages.twoFactorAppCodeFormat })
  .trim()
  .regex(/^\d{6}$/, messages.twoFactorAppCodeFormat);

/** A login code: six digits (mailed or from the app), or one of the ten recovery codes (xxxxx-xxxxx). */
export const loginCodeSchema = z
  .string({ error: messages.twoFactorCodeFormat })
  .trim()
  .toLowerCase()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, messages.twoFactorCodeFormat);

export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
export const twoFactorDisableBodySchema = z
  .object({ code: totpCodeSchema.optional(), password: z.string().min(1).max(200).optional() })
  .refine((body) => Boolean(body.code) || Boolean(body.password), {
    message: messages.twoFactorDisableNeedsProof,
    path: ['code'],
  });
export const twoFactorSetupResponseSchema = z.object({ qr: z.string(), base32: z.string(), otpauthUrl: z.string() });
export const twoFactorEnableResponseSchema = z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) });
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

export const twoFactorEmailRequestBodySchema = z.object({ email, challenge: opaqueToken });
export const twoFactorEmailVerifyBodySchema = z.object({ email, challenge: opaqueToken, code: loginCodeSchema });

/** POST /auth/login when the user has two-factor on: no session yet, only the challenge for the code step. */
export const twoFactorRequiredResponseSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });

// --- sessions ---

export const sessionInfoSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export const sessionListSchema = z.object({ items: z.array(sessionInfoSchema) });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
/** DELETE /auth/sessions: how many of the caller's other sessions were ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

// --- profile ---

export const savedAddressInputSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, messages.nameRequired).max(100, messages.textTooLong),
  address: z.string().trim().min(1, messages.fillBothAddresses).max(300, messages.addressTooLong),
});

/** PUT /users/profile: own name, phone and saved addresses (the list replaces the saved one when given). */
export const profileUpdateBodySchema = z
  .object({
    name: z.string().trim().min(1, messages.nameRequired).max(120, messages.textTooLong),
    phone: z.preprocess(blankToNull, phoneSchema.nullable()),
    savedAddresses: z.array(savedAddressInputSchema).max(20, messages.savedAddressesTooMany),
  })
  .partial()
  .strict();

/** PUT /users/profile answers the saved user and the success text (spec section 7: "response user, message"). */
export const profileUpdateResponseSchema = profileResponseSchema.extend({ message: z.string() });

// --- billing ---

export const billingCountries = ['Danmark', 'Sverige', 'Norge', 'Tyskland'] as const;

const cvrNumber = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.replace(/\s+/g, '')) : value),
  z.string({ error: messages.cvrInvalid }).regex(/^\d{8}$/, messages.cvrInvalid).nullable(),
);
const postalCode = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.trim()) : value),
  z.string({ error: messages.postalCodeInvalid }).regex(/^\d{4}$/, messages.postalCodeInvalid).nullable(),
);
const billingText = (max: number) =>
  z.preprocess(blankToNull, z.string({ error: messages.invalidInput }).trim().max(max, messages.textTooLong).nullable());

export const billingInfoSchema = z.object({
  company: z.string().nullable(),
  cvrNumber: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** The billing form (spec 5: CVR 8 digits and postal code 4 digits, each optional when empty; four countries). */
export const billingInfoBodySchema = z.object({
  company: billingText(200).default(null),
  cvrNumber: cvrNumber.default(null),
  address: billingText(300).default(null),
  postalCode: postalCode.default(null),
  city: billingText(100).default(null),
  country: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? 'Danmark' : value),
    z.enum(billingCountries, { error: messages.countryInvalid }),
  ),
});
export type BillingInfoBody = z.infer<typeof billingInfoBodySchema>;

export const billingResponseSchema = z.object({ billing: billingInfoSchema, message: z.string().optional() });

export const billingChangeStatuses = ['pending', 'approved', 'rejected'] as const;
export const billingChangeBodySchema = z.object({ data: billingInfoBodySchema });
export const billingChangeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), company: z.string().nullable() }).optional(),
  data: billingInfoSchema,
  status: z.enum(billingChangeStatuses),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type BillingChange = z.infer<typeof billingChangeSchema>;
export const billingChangeListSchema = z.object({ items: z.array(billingChangeSchema) });
export const billingChangeQuerySchema = z.object({
  status: z.enum(billingChangeStatuses, { error: messages.billingStatusInvalid }).optional(),
});
export const billingChangeMineSchema = z.object({ change: billingChangeSchema.nullable() });

// --- bank ---

export const bankInfoSchema = z.object({ bankReg: z.string().nullable(), bankAccount: z.string().nullable() });
export const bankInfoBodySchema = z.object({
  bankReg: z.string({ error: messages.bankRegInvalid }).trim().regex(/^\d{4}$/, messages.bankRegInvalid),
  bankAccount: z
    .string({ error: messages.bankAccountInvalid })
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{1,10}$/, messages.bankAccountInvalid)),
});

// --- insurance ---

const insuranceFileUrl = z
  .string({ error: messages.insuranceFileRequired })
  .trim()
  .min(1, messages.insuranceFileRequired)
  .refine((url) => fileKeyOfUrl(url) !== null, messages.insuranceFileInvalid);
const isoDate = z.preprocess(
  blankToNull,
  z
    .string({ error: messages.invalidDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.invalidDate)
    .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), messages.invalidDate)
    .nullable(),
);
const notes = z.preprocess(blankToNull, z.string().trim().max(1000, messages.insuranceNotesTooLong).nullable());

export const insuranceCreateBodySchema = z.object({
  file_url: insuranceFileUrl,
  expires_at: isoDate.default(null),
  notes: notes.default(null),
});
export const insuranceUpdateBodySchema = z
  .object({ file_url: insuranceFileUrl, expires_at: isoDate, notes })
  .partial()
  .strict();
export const insuranceRecordSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  file_url: z.string(),
  expires_at: z.string().nullable(),
  notes: z.string().nullable(),
  expired: z.boolean(),
  created_at: z.string(),
});
export type InsuranceRecord = z.infer<typeof insuranceRecordSchema>;
export const insuranceListSchema = z.object({ items: z.array(insuranceRecordSchema) });

// --- CVR ---

/** 8 digits and the modulus-11 check (weights 2,7,6,5,4,3,2,1). */
export function isValidCvr(cvr: string): boolean {
  if (!/^\d{8}$/.test(cvr)) return false;
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  const sum = [...cvr].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return sum % 11 === 0;
}

export const cvrParamSchema = z.string().trim().regex(/^\d{8}$/, messages.cvrInvalid);
export const companyLookupSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  status: z.string().nullable(),
  cvrNumber: z.string(),
});
export type CompanyLookup = z.infer<typeof companyLookupSchema>;

// --- development mailbox ---

export const devMailQuerySchema = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });
export const devMailboxSchema = z.object({
  items: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: z.string() }),
  ),
});

// --- OpenID Connect links (issue 24) ---

/** One OpenID Connect login linked to the caller's account (GET /auth/oidc/links). */
export const oidcLinkSchema = z.object({
  id: z.number().int(),
  issuer: z.string(),
  /** The e-mail the provider gave at linking, to tell links apart; null when it gave none. */
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type OidcLink = z.infer<typeof oidcLinkSchema>;
export const oidcLinkListSchema = z.object({ items: z.array(oidcLinkSchema) });
