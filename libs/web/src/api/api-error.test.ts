import { describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from './api-error';

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
