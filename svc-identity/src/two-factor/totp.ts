import { Secret, TOTP } from 'otpauth';

const periodSeconds = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(base32: string, email: string): TOTP {
  return new TOTP({ issuer: 'Fragtbud', label: email, algorithm: 'SHA1', digits: 6, period: periodSeconds, secret: Secret.fromBase32(base32) });
}

export function otpauthUrl(base32: string, email: string): string {
  return totpFor(base32, email).toString();
}

/**
 * The time step the code belongs to when it is the current one or one step either side (±30 s of clock drift),
 * else null. The caller refuses a step at or before the last one accepted, so a code works once.
 */
export function matchingTotpStep(base32: string, code: string, now: Date): number | null {
  const delta = totpFor(base32, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / periodSeconds) + delta;
}

/** The code of a given moment (tests, and the authenticator app's view). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpFor(base32, '').generate({ timestamp: at.getTime() });
}
