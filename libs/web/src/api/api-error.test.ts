import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, fieldErrorsFromZod, hasErrorCode, isApiError } from './api-error';

describe('isApiError', () => {
  it('knows an ApiError thrown by another bundle of libs/web (a remote), where instanceof fails', async () => {
    vi.resetModules();
    const remoteCopy = await import('./api-error'); // a fresh copy of the module, as a remote bundles it
    const fromRemote = new remoteCopy.ApiError({ status: 401, code: 'unauthorized', message: 'Session udløbet – log ind igen' });
    expect(fromRemote instanceof ApiError).toBe(false);
    expect(isApiError(fromRemote)).toBe(true);
  });

  it('is false for other errors and values', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 401 })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError(new ApiError({ status: 400, code: 'invalid_input', message: 'Ugyldigt' }))).toBe(true);
  });
});

describe('fieldErrorsFromZod', () => {
  const schema = z
    .object({ name: z.string().min(1, 'Navn mangler'), phone: z.string().min(8, 'For kort').regex(/^\d+$/, 'Kun tal'), address: z.object({ city: z.string().min(1, 'By mangler') }) })
    .refine((value) => value.name !== value.phone, 'Navn og telefon er ens');

  it('keeps the first message per top-level field, a nested path under its top-level field', () => {
    const parsed = schema.safeParse({ name: '', phone: 'ab', address: { city: '' } });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsFromZod(parsed.error)).toEqual({ name: 'Navn mangler', phone: 'For kort', address: 'By mangler' });
  });

  it('leaves out an issue about the whole value (no field to show it beside)', () => {
    const parsed = schema.safeParse({ name: '12345678', phone: '12345678', address: { city: 'Aarhus' } });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsFromZod(parsed.error)).toEqual({});
  });

  it('is empty for no issues', () => {
    expect(fieldErrorsFromZod({ issues: [] })).toEqual({});
  });
});

describe('hasErrorCode', () => {
  it('is true only for an API refusal with that catalog code', () => {
    const refused = new ApiError({ status: 409, code: 'bid_expired', message: 'Buddet er udløbet' });
    expect(hasErrorCode(refused, 'bid_expired')).toBe(true);
    expect(hasErrorCode(refused, 'bid_not_found')).toBe(false);
    expect(hasErrorCode({ code: 'bid_expired' }, 'bid_expired')).toBe(false);
    expect(hasErrorCode(new Error('bid_expired'), 'bid_expired')).toBe(false);
  });
});
