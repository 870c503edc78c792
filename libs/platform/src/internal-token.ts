import { authUserSchema, messages, type AuthUser } from '@fragtbud/contracts';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from './app-error';

export const internalTokenHeader = 'x-internal-token';
export const internalTokenAudience = 'fragtbud-internal';
export const internalTokenTtlSeconds = 60;

/** The browser's connection as the gateway saw it (after its trusted proxy hops). */
export interface ForwardedClient {
  ip: string;
  /** The browser reached us over HTTPS (directly or through a trusted proxy). */
  https: boolean;
}

export interface InternalCaller {
  user: AuthUser | null;
  /** The calling service's name when it calls as itself rather than on behalf of a user. */
  service?: string;
  /** Set by the gateway on forwarded requests; services never read forwarded headers for it. */
  client?: ForwardedClient;
}

const claimsSchema = z.object({
  user: authUserSchema.nullable(),
  service: z.string().optional(),
  client: z.object({ ip: z.string().max(100), https: z.boolean() }).optional(),
});

export interface SignInternalTokenOptions extends InternalCaller {
  secret: string;
  ttlSeconds?: number;
}

export async function signInternalToken({
  secret,
  user,
  service,
  client,
  ttlSeconds = internalTokenTtlSeconds,
}: SignInternalTokenOptions): Promise<string> {
  const claims = { user, ...(service && { service }), ...(client && { client }) };
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(internalTokenAudience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  if (user) jwt.setSubject(String(user.id));
  return jwt.sign(secretKey(secret));
}

/** Resolves the caller or throws 401 `invalid_internal_token` for a missing, forged, expired or malformed token. */
export async function verifyInternalToken({
  secret,
  token,
}: {
  secret: string;
  token: string | undefined;
}): Promise<InternalCaller> {
  if (!token) throw invalidToken();
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      audience: internalTokenAudience,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    return claimsSchema.parse(payload);
  } catch (error) {
    throw invalidToken(error);
  }
}

function invalidToken(cause?: unknown): AppError {
  return new AppError({ status: 401, code: 'invalid_internal_token', message: messages.sessionExpired, cause });
}

function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
