import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A secret that has to cross the event bus (a guest's follow-up link token on its way to the mailer) travels
 * sealed: AES-256-GCM under a key derived from the services' shared INTERNAL_TOKEN_SECRET and the purpose. The
 * outbox table, JetStream and anyone reading the stream see only ciphertext; a service holding the secret opens
 * it, and a changed byte or another purpose makes opening fail.
 */

const ivBytes = 12;
const tagBytes = 16;

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'fragtbud-sealed-secret', purpose, 32));
}

/** `plaintext` sealed for `purpose`: base64url of nonce, tag and ciphertext. */
export function sealSecret(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The plaintext of `sealed`; throws when it was not sealed with this secret for this purpose or was changed. */
export function openSealedSecret(secret: string, purpose: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= ivBytes + tagBytes) throw new Error('sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), bytes.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
}

/**
 * A link that must work without a session but only for what it names (a mail's one-click unsubscribe): the HMAC of
 * `value` for `purpose` under a key derived from the shared secret, base64url, 32 characters. Any service holding
 * the secret can sign it (the mailer) and check it (the owner of what it changes).
 */
export function signLinkValue(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', keyFor(secret, `link:${purpose}`)).update(value, 'utf8').digest().subarray(0, 24).toString('base64url');
}

/** Whether `signature` is `signLinkValue(secret, purpose, value)`, compared in constant time. */
export function verifyLinkValue(secret: string, purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signLinkValue(secret, purpose, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
