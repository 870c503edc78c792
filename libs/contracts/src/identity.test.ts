import { describe, expect, it } from 'vitest';
import { registerBodySchema, registerFormSchema, usersQuerySchema } from './identity';
import { messages } from './messages';

const valid = { name: 'Mette', email: ' Mette@Example.DK ', password: 'hemmelig', role: 'customer', acceptTerms: true };

describe('registerBodySchema', () => {
  it('when the input is valid, then the e-mail is trimmed and lowercased', () => {
    expect(registerBodySchema.parse(valid).email).toBe('mette@example.dk');
  });

  it('when a phone number is given, then it must be a real one; blank means none', () => {
    const refused = registerBodySchema.safeParse({ ...valid, role: 'carrier', phone: 'abc' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['phone'], message: messages.contactPhoneInvalid })]);
    expect(registerBodySchema.parse({ ...valid, role: 'carrier', phone: '+45 12 34 56 78' }).phone).toBe('+45 12 34 56 78');
    expect(registerBodySchema.parse({ ...valid, phone: '  ' }).phone).toBeUndefined();
  });

  it('when the password is shorter than 6, then the Danish message names it', () => {
    const result = registerBodySchema.safeParse({ ...valid, password: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.passwordTooShort);
  });

  it('when someone asks to register as admin, then it is refused', () => {
    expect(registerBodySchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });

  it('when the terms are not accepted (absent, false, or the text "true"), then the Danish message names acceptTerms', () => {
    for (const acceptTerms of [undefined, false, 'true']) {
      const result = registerBodySchema.safeParse({ ...valid, acceptTerms });
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['acceptTerms'], message: messages.termsNotAccepted })]);
    }
  });

  it('when company and phone are blank, then they are left out', () => {
    const parsed = registerBodySchema.parse({ ...valid, company: '  ', phone: '' });
    expect(parsed.company).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });
});

describe('registerFormSchema', () => {
  it('when the confirmation differs, then it says Adgangskoder matcher ikke on the confirmation field', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'andet123' });
    expect(result.error?.issues[0]).toMatchObject({ message: 'Adgangskoder matcher ikke', path: ['confirmPassword'] });
  });
});

describe('usersQuerySchema', () => {
  it('when limit is above 100, then it is refused', () => {
    expect(usersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
  it('when nothing is given, then page 1 of 20 is used', () => {
    expect(usersQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
  });
});
