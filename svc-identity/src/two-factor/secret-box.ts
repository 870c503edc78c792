import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeKey, type IdentityConfig } from '../config';

/** Used outside production when TOTP_ENCRYPTION_KEY is unset (the config refuses that in production). */
const developmentKey = createHash('sha256').update('fragtbud-development-totp-key').digest();

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; a tampered value fails to open. */
export function createSecretBox(config: Pick<IdentityConfig, 'TOTP_ENCRYPTION_KEY'>): SecretBox {
  const key = (config.TOTP_ENCRYPTION_KEY && decodeKey(config.TOTP_ENCRYPTION_KEY)) || developmentKey;
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), encrypted].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, encrypted] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !encrypted) throw new Error('unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
