import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

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
