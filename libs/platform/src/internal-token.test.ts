import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { internalTokenAudience, signInternalToken, verifyInternalToken } from './internal-token';

const secret = 'a'.repeat(32);
const user = { id: 7, role: 'carrier' as const, approved: true, blocked: false, name: 'Vognmand A/S', email: 'v@example.dk' };

async function rejection(token: string | undefined): Promise<AppError> {
  return verifyInternalToken({ secret, token }).then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: AppError) => error,
  );
}

describe('internal token', () => {
  it('when signed for a user, then it verifies to that user', async () => {
    const token = await signInternalToken({ secret, user });
    expect(await verifyInternalToken({ secret, token })).toEqual({ user });
  });

  it('when signed for an anonymous caller or a service, then it verifies to user null', async () => {
    expect(await verifyInternalToken({ secret, token: await signInternalToken({ secret, user: null }) })).toEqual({ user: null });
    const system = await signInternalToken({ secret, user: null, service: 'bids' });
    expect(await verifyInternalToken({ secret, token: system })).toEqual({ user: null, service: 'bids' });
  });

  it('when the gateway signs the browser connection, then it verifies with the user', async () => {
    const client = { ip: '203.0.113.7', https: true };
    expect(await verifyInternalToken({ secret, token: await signInternalToken({ secret, user, client }) })).toEqual({ user, client });
  });

  it.each([
    ['missing', async () => undefined],
    ['forged (other secret)', () => signInternalToken({ secret: 'b'.repeat(32), user })],
    ['garbage', async () => 'not-a-jwt'],
    [
      'expired',
      () =>
        new SignJWT({ user })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience(internalTokenAudience)
          .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'for another audience',
      () =>
        new SignJWT({ user })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('someone-else')
          .setExpirationTime('60s')
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'without expiry',
      () => new SignJWT({ user }).setProtectedHeader({ alg: 'HS256' }).setAudience(internalTokenAudience).sign(new TextEncoder().encode(secret)),
    ],
    [
      'with a malformed user',
      () =>
        new SignJWT({ user: { id: 'x' } })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience(internalTokenAudience)
          .setExpirationTime('60s')
          .sign(new TextEncoder().encode(secret)),
    ],
  ])('when the token is %s, then it is refused with 401 invalid_internal_token', async (_, makeToken) => {
    const error = await rejection(await makeToken());
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_internal_token' });
  });
});

describe('internal token reuse', () => {
  it('when the same caller is signed twice within the reuse window, then the same token comes back; another caller gets another', async () => {
    const first = await signInternalToken({ secret, user, client: { ip: '203.0.113.7', https: true } });
    expect(await signInternalToken({ secret, user, client: { ip: '203.0.113.7', https: true } })).toBe(first);
    expect(await signInternalToken({ secret, user, client: { ip: '203.0.113.8', https: true } })).not.toBe(first);
    expect(await signInternalToken({ secret, user: { ...user, blocked: true } })).not.toBe(await signInternalToken({ secret, user }));
    expect(await signInternalToken({ secret: 'c'.repeat(32), user, client: { ip: '203.0.113.7', https: true } })).not.toBe(first);
  });

  it('when a reused token is verified again, then it still verifies, under its own secret only, and a changed copy does not leak', async () => {
    const token = await signInternalToken({ secret, user });
    const caller = await verifyInternalToken({ secret, token });
    caller.user!.role = 'admin';
    expect(await verifyInternalToken({ secret, token })).toEqual({ user });
    const error = await verifyInternalToken({ secret: 'd'.repeat(32), token }).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 401, code: 'invalid_internal_token' });
  });

  // A clock later than any real one here, so tokens cached by the tests above (on the real clock) are past reuse.
  describe('on a fake clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('when a short-lived token is asked for, then it is never reused past its life', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2100-01-01T08:00:00Z') });
      const first = await signInternalToken({ secret, user, ttlSeconds: 5 });
      vi.setSystemTime(new Date('2100-01-01T08:00:01Z'));
      expect(await signInternalToken({ secret, user, ttlSeconds: 5 })).not.toBe(first);
    });

    it('when a token is asked for again, then it is reused until 15 s before it expires, and a fresh one comes after', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2100-01-01T09:00:00Z') });
      const first = await signInternalToken({ secret, user, ttlSeconds: 60 });
      vi.setSystemTime(new Date('2100-01-01T09:00:44.999Z'));
      expect(await signInternalToken({ secret, user, ttlSeconds: 60 })).toBe(first);
      vi.setSystemTime(new Date('2100-01-01T09:00:45Z'));
      const fresh = await signInternalToken({ secret, user, ttlSeconds: 60 });
      expect(fresh).not.toBe(first);
      expect(await verifyInternalToken({ secret, token: fresh })).toEqual({ user });
    });
  });
});
