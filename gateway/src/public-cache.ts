import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';

/**
 * The gateway as a shared cache (RFC 9111) for answers that are the same for everyone: an anonymous GET whose owner
 * said `public, s-maxage=N` is kept for N seconds, at most `maxMs`, and answered from memory meanwhile (a crowd
 * browsing tasks costs the owning service and the database one request per page and lifetime, not one per visitor).
 *
 * - Only requests without a session token are answered or kept: the services answer those for nobody, so the answer
 *   cannot depend on who asks. Nothing with `private`, `no-store`, `no-cache`, a cookie being set, or a `Vary` on
 *   anything but the caller's credentials is kept.
 * - A client that asks for a fresh answer (`Cache-Control: no-cache`, `Pragma: no-cache`) gets one from the owner.
 * - Every write this gateway forwards clears the cache once it is answered, so a change made through it is seen by
 *   the next read here at once; changes made elsewhere (another replica, an event handled later) show after at most
 *   the lifetime. The owner decides that lifetime with `s-maxage`: svc-tasks gives the same bound its own
 *   browse cache has across replicas (BROWSE_CACHE_MS).
 * - A kept answer is compressed at most once per encoding (brotli, gzip), when the first client that accepts it asks.
 */
export interface PublicCache {
  /** Answers the request from a kept copy (304 when the client's ETag matches); false when there is none to use. */
  answer(ctx: Context, key: string): boolean;
  /** Keeps the answer just forwarded, when its owner allows shared caches to. */
  keep(ctx: Context, key: string): void;
  clear(): void;
}

interface Kept {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
  /** The body compressed, by encoding, made when first asked for. */
  encoded: Map<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip';
const encoders: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};
/** Below this a compressed body saves less than its framing costs (the gateway's compression threshold too). */
const compressFrom = 1024;

/** The headers of a kept answer that describe it; the rest (request id, security headers) belong to each request. */
const keptHeaders = ['content-type', 'content-language', 'cache-control', 'etag', 'last-modified', 'vary'];
/**
 * A `Vary` this cache honours without keying on it: the services never answer by cookie or credentials for nobody,
 * and Accept-Encoding is negotiated here (the body is kept as it is and encoded per request).
 */
const honouredVary = new Set(['cookie', 'authorization', 'accept-encoding']);

export function createPublicCache({
  maxMs,
  maxEntries = 500,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: {
  maxMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}): PublicCache {
  const entries = new Map<string, Kept>();
  let bytes = 0;
  const drop = (key: string) => {
    const kept = entries.get(key);
    if (!kept) return;
    bytes -= kept.body.length;
    for (const encoded of kept.encoded.values()) bytes -= encoded.length;
    entries.delete(key);
  };

  return {
    answer(ctx, key) {
      if (maxMs === 0 || ctx.method !== 'GET' || wantsFreshAnswer(ctx)) return false;
      const kept = entries.get(key);
      if (!kept) return false;
      const at = now();
      if (kept.expiresAt <= at) {
        drop(key);
        return false;
      }
      ctx.status = kept.status;
      for (const [name, value] of Object.entries(kept.headers)) {
        if (name === 'vary') ctx.vary(value.split(',').map((field) => field.trim()).filter(Boolean));
        else ctx.set(name, value);
      }
      ctx.set('Age', String(Math.floor((at - kept.storedAt) / 1000)));
      if (ctx.fresh) {
        ctx.status = 304;
        return true;
      }
      const encoding = kept.body.length >= compressFrom ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
      if (encoding === 'br' || encoding === 'gzip') {
        let encoded = kept.encoded.get(encoding);
        if (!encoded) {
          kept.encoded.set(encoding, (encoded = encoders[encoding](kept.body)));
          bytes += encoded.length;
        }
        ctx.vary('Accept-Encoding');
        ctx.set('Content-Encoding', encoding);
        ctx.body = encoded;
        return true;
      }
      ctx.body = kept.body;
      return true;
    },
    keep(ctx, key) {
      if (maxMs === 0 || ctx.method !== 'GET' || ctx.status !== 200 || !Buffer.isBuffer(ctx.body)) return;
      const lifetimeMs = Math.min(sharedLifetimeMs(headerOf(ctx, 'Cache-Control')), maxMs);
      if (lifetimeMs <= 0 || headerOf(ctx, 'Set-Cookie') || !varyIsHonoured(headerOf(ctx, 'Vary'))) return;
      const body = ctx.body;
      if (body.length > maxBytes / 8) return;
      const headers: Record<string, string> = {};
      for (const name of keptHeaders) {
        const value = headerOf(ctx, name);
        if (value) headers[name] = value;
      }
      drop(key);
      while (entries.size > 0 && (entries.size >= maxEntries || bytes + body.length > maxBytes)) {
        drop(entries.keys().next().value as string);
      }
      const at = now();
      entries.set(key, { status: ctx.status, headers, body, storedAt: at, expiresAt: at + lifetimeMs, encoded: new Map() });
      bytes += body.length;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** How long a shared cache may keep an answer with this Cache-Control: `public` and `s-maxage` > 0, else 0. */
export function sharedLifetimeMs(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = new Map(
    cacheControl.split(',').map((part) => {
      const [name = '', value] = part.trim().toLowerCase().split('=');
      return [name.trim(), value?.trim()] as const;
    }),
  );
  if (!directives.has('public') || ['private', 'no-store', 'no-cache'].some((name) => directives.has(name))) return 0;
  const seconds = Number(directives.get('s-maxage'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** A response header as one string ('' when absent; Koa gives undefined, or an array for repeated ones). */
function headerOf(ctx: Context, name: string): string {
  const value: unknown = ctx.response.get(name);
  return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : value === undefined ? '' : String(value);
}

function wantsFreshAnswer(ctx: Context): boolean {
  return /\bno-cache\b/i.test(ctx.get('Cache-Control')) || /\bno-cache\b/i.test(ctx.get('Pragma'));
}

function varyIsHonoured(vary: string): boolean {
  return vary.split(',').every((name) => name.trim() === '' || honouredVary.has(name.trim().toLowerCase()));
}
