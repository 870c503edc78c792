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

/*
 * The gateway forwards every API request with a token, and each service verifies it: per request that was an HS256
 * signature, a verification and a key import (35 % of the authenticated hop). Both ends now remember: the signer
 * reuses a token for the same claims until 15 s before it expires, the verifier remembers a token it has verified
 * until it expires. Neither cache changes who is trusted: the claims are the cache key on one side, the exact token
 * (under its secret) on the other, and expiry is checked on every use.
 */
const reuseMarginSeconds = 15;
const cacheLimit = 10_000;
const signedTokens = new Map<string, { token: string; reuseUntil: number }>();
const verifiedTokens = new Map<string, Map<string, { caller: InternalCaller; expiresAt: number }>>();
const keys = new Map<string, Uint8Array>();

export async function signInternalToken({
  secret,
  user,
  service,
  client,
  ttlSeconds = internalTokenTtlSeconds,
}: SignInternalTokenOptions): Promise<string> {
  const claims = { user, ...(service && { service }), ...(client && { client }) };
  const reuseMs = (ttlSeconds - reuseMarginSeconds) * 1000;
  const cacheKey = reuseMs > 0 ? `${ttlSeconds}\u0000${secret}\u0000${JSON.stringify(claims)}` : undefined;
  const now = Date.now();
  const reusable = cacheKey ? signedTokens.get(cacheKey) : undefined;
  if (reusable && reusable.reuseUntil > now) return reusable.token;

  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(internalTokenAudience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  if (user) jwt.setSubject(String(user.id));
  const token = await jwt.sign(secretKey(secret));
  if (cacheKey) {
    if (signedTokens.size >= cacheLimit) signedTokens.clear();
    signedTokens.set(cacheKey, { token, reuseUntil: now + reuseMs });
  }
  return token;
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
  let verified = verifiedTokens.get(secret);
  const known = verified?.get(token);
  // A copy each time: a handler that changes its ctx.state.user must not change the next request's caller.
  if (known && known.expiresAt > Date.now()) return structuredClone(known.caller);
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      audience: internalTokenAudience,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const caller = claimsSchema.parse(payload);
    if (!verified) verifiedTokens.set(secret, (verified = new Map()));
    if (verified.size >= cacheLimit) verified.clear();
    verified.set(token, { caller: structuredClone(caller), expiresAt: (payload.exp ?? 0) * 1000 });
    return caller;
  } catch (error) {
    throw invalidToken(error);
  }
}

function invalidToken(cause?: unknown): AppError {
  return new AppError({ status: 401, code: 'invalid_internal_token', message: messages.sessionExpired, cause });
}

function secretKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 100) keys.clear();
    keys.set(secret, (key = new TextEncoder().encode(secret)));
  }
  return key;
}
