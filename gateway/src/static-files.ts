import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** File names the bundlers give a content hash can be cached for good; the rest must be revalidated. */
const hashedName = /\.[0-9a-f]{8,}\.(js|css|png|svg|jpg|webp|woff2)$/;

/**
 * Source maps reveal the source; production builds do not emit them, and the gateway refuses them anyway so a
 * build made with maps for debugging cannot leak them.
 */
const sourceMap = /\.map$/i;

/**
 * Encodings the build precompresses next to each text asset (`app.js.br`, `app.js.gz`), best first. The build
 * writes them (libs/web/build/precompress.ts); nothing is compressed per request.
 */
const precompressed = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Every file of a published remote version: its path names the version, so its content never changes. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/**
 * Serves `relativePath` from `root` if it names a file inside it. Returns false when there is no such file,
 * so the caller can fall back (the shell's index.html for deep links). `immutable`: the whole folder is versioned
 * (a published remote), so every file in it, remoteEntry.js too, is cached for good.
 */
export async function sendFile(ctx: Context, root: string, relativePath: string, options: { immutable?: boolean } = {}): Promise<boolean> {
  const absolute = resolveInside(root, relativePath);
  if (!absolute || sourceMap.test(absolute)) return false;
  const stats = await fileStats(absolute);
  if (!stats) return false;

  const extension = path.extname(absolute).toLowerCase();
  const variant = await chooseEncoding(ctx, absolute);
  ctx.status = 200; // before the freshness check: Koa only answers 304 for a 2xx response
  ctx.type = contentTypes[extension] ?? 'application/octet-stream';
  ctx.lastModified = stats.mtime;
  ctx.etag = `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}${variant ? `-${variant.encoding}` : ''}"`;
  ctx.set('Cache-Control', options.immutable || hashedName.test(absolute) ? immutableCacheControl : 'no-cache');
  if (variant || (await hasPrecompressed(absolute))) ctx.vary('Accept-Encoding');
  if (path.basename(absolute) === 'remoteEntry.js') ctx.set('Access-Control-Allow-Origin', '*');
  // The PWA's service worker (shell/public/sw.js): its scope is the whole site, and a new one must reach the browser
  // at once (no-cache above, as every unhashed name), so a fixed worker is never stuck behind a cached copy.
  if (absolute === path.join(root, 'sw.js')) ctx.set('Service-Worker-Allowed', '/');
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  if (variant) ctx.set('Content-Encoding', variant.encoding);
  ctx.length = variant ? variant.size : stats.size;
  if (ctx.method !== 'HEAD') ctx.body = createReadStream(variant ? variant.file : absolute);
  return true;
}

function resolveInside(root: string, relativePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const absolute = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return null;
  return absolute;
}

async function fileStats(file: string): Promise<Stats | null> {
  const stats = await stat(file).catch(() => null);
  return stats?.isFile() ? stats : null;
}

/** The best precompressed copy the client accepts (`Accept-Encoding`, q-values honoured), or null for the plain file. */
async function chooseEncoding(ctx: Context, file: string) {
  for (const { encoding, suffix } of precompressed) {
    if (!acceptsEncoding(ctx, encoding)) continue;
    const stats = await fileStats(file + suffix);
    if (stats) return { encoding, file: file + suffix, size: stats.size };
  }
  return null;
}

async function hasPrecompressed(file: string): Promise<boolean> {
  for (const { suffix } of precompressed) if (await fileStats(file + suffix)) return true;
  return false;
}

function acceptsEncoding(ctx: Context, encoding: string): boolean {
  if (!ctx.get('Accept-Encoding')) return false; // no header: send the file as it is
  return ctx.acceptsEncodings(encoding) === encoding;
}
