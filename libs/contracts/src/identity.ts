import { z } from 'zod';
import { messages } from './messages';
import { limits } from './constants';
import { authUserSchema, roleSchema, selfRegistrableRoles } from './roles';
import { pageQuerySchema, pageOf } from './common';
import { phoneSchema } from './task-details';

/** An e-mail as every form takes it: trimmed, lower-case. */
export const emailSchema = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, messages.textTooLong)
  .pipe(z.email({ error: messages.emailInvalid }));

/** A new password (spec 5: at least 6 characters). */
export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(limits.passwordMinLength, messages.passwordTooShort)
  .max(200, messages.textTooLong);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.textTooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

export const registerBodySchema = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(120, messages.textTooLong),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(selfRegistrableRoles, { error: messages.roleInvalid }),
  company: optionalText(200),
  /** Optional, but when given a real number, as the profile asks ('Angiv et gyldigt telefonnummer'). */
  phone: optionalText(30).pipe(phoneSchema.optional()),
  /** Handelsbetingelser and Privatlivspolitik (the versions in `legalVersions`); anything but `true` is refused. */
  acceptTerms: z.literal(true, { error: messages.termsNotAccepted }),
  /**
   * Where the registration started (e.g. a guest's `/task/12?access=…`): carried into the verification link so the
   * verified user can go back there. Only a same-site path is kept; anything else is dropped, never refused.
   */
  next: z.preprocess(
    (value) => (typeof value === 'string' && /^\/(?![/\\])[^\s]{0,499}$/.test(value) ? value : undefined),
    z.string().optional(),
  ),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The register form adds the confirmation, checked in the browser only. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200, messages.textTooLong),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const savedAddressSchema = z.object({ id: z.number().int(), name: z.string(), address: z.string() });

/** A user as the API shows it (spec section 3, User). Never carries secrets. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  cvrNumber: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  role: roleSchema,
  is_approved: z.boolean(),
  is_blocked: z.boolean(),
  createdAt: z.string(),
  /** Whether the user has confirmed their e-mail (EMAIL_VERIFICATION) and has two-factor on. */
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const profileUserSchema = userSchema.extend({ savedAddresses: z.array(savedAddressSchema) });
export type ProfileUser = z.infer<typeof profileUserSchema>;

/** `token` only when the client asked for it with the header `X-Session-Transport: bearer` (API clients); browsers use the HttpOnly cookie. */
export const authResponseSchema = z.object({ success: z.literal(true), user: userSchema, token: z.string().optional() });

/** The request header an API client sends to get the session token in the login/register JSON. */
export const sessionTransportHeader = 'x-session-transport';

export const profileResponseSchema = z.object({ user: profileUserSchema });
export const userResponseSchema = z.object({ user: userSchema });

/** Admin user filters of spec section 2: all, customer, carrier, admin, blocked (+ carriers awaiting approval). */
export const userFilters = ['customer', 'carrier', 'admin', 'blocked', 'pending'] as const;
export const usersQuerySchema = pageQuerySchema.extend({
  role: z.enum(userFilters, { error: messages.invalidFilter }).optional(),
  q: z.string().trim().max(200, messages.textTooLong).optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export const usersPageSchema = pageOf(userSchema);

/** What an admin (or the user themself) may change with PUT /users/{id}. */
export const userUpdateBodySchema = z
  .object({
    name: z.string().trim().min(1, messages.nameRequired).max(120, messages.textTooLong),
    phone: z.string().trim().max(30, messages.textTooLong).nullable(),
    company: z.string().trim().max(200, messages.textTooLong).nullable(),
  })
  .partial()
  .strict();

/** Body of the gateway's session lookup (svc-identity internal endpoint). */
export const sessionLookupBodySchema = z.object({ token: z.string().min(1).max(200) });

/** svc-identity's answer to the gateway's session lookup (POST /internal/sessions/resolve); 401 when unknown or expired. */
export const sessionLookupResponseSchema = z.object({
  user: authUserSchema,
  /** The session's id: identity.session.ended names ended sessions by it, so every gateway forgets them at once. */
  sessionId: z.number().int().positive(),
});
export type SessionLookupResponse = z.infer<typeof sessionLookupResponseSchema>;
