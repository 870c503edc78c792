import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Algorithm.Argon2id. The package declares the enum `const` (unreadable under verbatimModuleSyntax) and its
 * runtime export is an empty object, so the member's value is spelled out.
 */
const argon2id = 2 as Algorithm.Argon2id;
const options = { algorithm: argon2id };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no user to verify against, so the answer for an unknown
 * e-mail takes as long as the answer for a wrong password.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword('fragtbud-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
