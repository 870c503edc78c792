import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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
 * Serves `relativePath` from `root` if it names a file inside it. Returns false when there is no such file,
 * so the caller can fall back (the shell's index.html for deep links).
 */
export async function sendFile(ctx: Context, root: string, relativePath: string): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return false;
  }
  if (decoded.includes('\0')) return false;
  const absolute = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return false;
  const stats = await stat(absolute).catch(() => null);
  if (!stats?.isFile()) return false;

  const extension = path.extname(absolute).toLowerCase();
  ctx.type = contentTypes[extension] ?? 'application/octet-stream';
  ctx.length = stats.size;
  ctx.lastModified = stats.mtime;
  ctx.set('Cache-Control', hashedName.test(absolute) ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (path.basename(absolute) === 'remoteEntry.js') ctx.set('Access-Control-Allow-Origin', '*');
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  ctx.body = ctx.method === 'HEAD' ? null : createReadStream(absolute);
  return true;
}
