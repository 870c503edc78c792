import { z } from 'zod';
import { limits, messages, registerFormSchema } from '@fragtbud/contracts';
import { fieldErrorsFromZod } from '@fragtbud/web';

export interface RegistrationForm {
  role: 'customer' | 'carrier';
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  company: string;
  phone: string;
  /** The box for Handelsbetingelser and Privatlivspolitik. */
  acceptTerms: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

export const PASSWORD_MIN_LENGTH = limits.passwordMinLength;

/**
 * The server's own register schema (plus the confirmation) decides; the first message per field is shown.
 * Company and phone are sent for carriers only (spec section 5).
 */
export function validateRegistration(form: RegistrationForm): RegistrationErrors {
  const candidate = form.role === 'carrier' ? form : { ...form, company: '', phone: '' };
  const result = registerFormSchema.safeParse(candidate);
  const errors: RegistrationErrors = result.success ? {} : fieldErrorsFromZod(result.error);
  // zod skips the object-level match check while a field is invalid; the user should see both at once.
  if (!errors.confirmPassword && form.password !== form.confirmPassword) {
    errors.confirmPassword = messages.passwordsDoNotMatch;
  }
  return errors;
}

/** The form's schema for react-hook-form's zod resolver: the fields as typed, checked by `validateRegistration`. */
export const registrationFormSchema = z
  .object({
    role: z.enum(['customer', 'carrier']),
    name: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    company: z.string(),
    phone: z.string(),
    acceptTerms: z.boolean(),
  })
  .superRefine((form, ctx) => {
    for (const [field, message] of Object.entries(validateRegistration(form))) ctx.addIssue({ code: 'custom', message, path: [field] });
  });
