import { describe, expect, it } from 'vitest';
import { openSealedSecret, sealSecret } from './sealed-secret';

const secret = 'a-shared-internal-token-secret-of-32+chars';

describe('sealed secrets', () => {
  it('when a secret is sealed, then the sealed text does not contain it and opens to it with the same secret and purpose', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const sealed = sealSecret(secret, 'guest-link', token);
    expect(sealed).not.toContain(token);
    expect(sealSecret(secret, 'guest-link', token)).not.toBe(sealed); // a fresh nonce each time
    expect(openSealedSecret(secret, 'guest-link', sealed)).toBe(token);
  });

  it('when the secret, the purpose or a byte differs, then opening fails', () => {
    const sealed = sealSecret(secret, 'guest-link', 'hemmelig');
    expect(() => openSealedSecret('another-secret-that-is-long-enough-too', 'guest-link', sealed)).toThrow();
    expect(() => openSealedSecret(secret, 'password-reset', sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => openSealedSecret(secret, 'guest-link', bytes.toString('base64url'))).toThrow();
    expect(() => openSealedSecret(secret, 'guest-link', 'kort')).toThrow();
  });
});

describe('signLinkValue', () => {
  const secret = 'x'.repeat(40);
  it('when the value, purpose and secret are the same, then the signature verifies; any other one does not', async () => {
    const { signLinkValue, verifyLinkValue } = await import('./sealed-secret');
    const signature = signLinkValue(secret, 'alert-unsubscribe', 'alert:12');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(verifyLinkValue(secret, 'alert-unsubscribe', 'alert:12', signature)).toBe(true);
    expect(verifyLinkValue(secret, 'alert-unsubscribe', 'alert:13', signature)).toBe(false);
    expect(verifyLinkValue(secret, 'other', 'alert:12', signature)).toBe(false);
    expect(verifyLinkValue('y'.repeat(40), 'alert-unsubscribe', 'alert:12', signature)).toBe(false);
    expect(verifyLinkValue(secret, 'alert-unsubscribe', 'alert:12', signature.slice(1))).toBe(false);
  });
});
