import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFile } from './static-files';

let base: string;
const plain = 'export const remote = "' + 'fragt'.repeat(400) + '";';

/** A raw GET (fetch would decode the body and hide Content-Encoding's effect). */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(pathname, base);
      const req = request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}
let server: ReturnType<Koa['listen']>;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  mkdirSync(path.join(root, 'public'));
  writeFileSync(path.join(root, 'public', 'app.0123456789abcdef.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'public', 'index.html'), '<html></html>');
  writeFileSync(path.join(root, 'public', 'remoteEntry.js'), plain);
  writeFileSync(path.join(root, 'public', 'remoteEntry.js.br'), brotliCompressSync(plain));
  writeFileSync(path.join(root, 'public', 'remoteEntry.js.gz'), gzipSync(plain));
  writeFileSync(path.join(root, 'public', 'app.0123456789abcdef.js.map'), '{"sources":["hemmelig.ts"]}');
  writeFileSync(path.join(root, 'secret.txt'), 'hemmelig');
  writeFileSync(path.join(root, 'public', 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  writeFileSync(path.join(root, 'public', 'manifest.webmanifest'), '{"name":"Fragtbud"}');
  const app = new Koa();
  app.use(async (ctx) => {
    if (!(await sendFile(ctx, path.join(root, 'public'), ctx.path))) {
      ctx.status = 404;
      ctx.body = 'nej';
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('sendFile', () => {
  it('when the service worker is asked for, then it comes from the site root as JavaScript, revalidated every time, for the whole site', async () => {
    const response = await fetch(`${base}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
  });

  it('when the web manifest is asked for, then it is served as application/manifest+json', async () => {
    const response = await fetch(`${base}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(response.headers.get('service-worker-allowed')).toBeNull();
  });

  it('when a hashed asset is asked for, then it is served with a long immutable cache', async () => {
    const response = await fetch(`${base}/app.0123456789abcdef.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('when index.html is asked for, then it must be revalidated', async () => {
    const response = await fetch(`${base}/index.html`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%00'])(
    'when the path %s tries to leave the folder, then nothing is served',
    async (attempt) => {
      const response = await fetch(`${base}${attempt}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('hemmelig');
    },
  );

  it('when the browser accepts brotli, then the precompressed .br copy is sent with Content-Encoding and Vary', async () => {
    const response = await get('/remoteEntry.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(plain.length);
    expect(brotliDecompressSync(response.body).toString()).toBe(plain);
  });

  it('when the browser accepts only gzip (or refuses brotli), then the .gz copy is sent', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/remoteEntry.js', { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(gunzipSync(response.body).toString()).toBe(plain);
    }
  });

  it('when the browser accepts no compression, then the plain file is sent, still varying by Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/remoteEntry.js', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(response.body.toString()).toBe(plain);
    }
  });

  it('when remoteEntry.js is asked for again with its ETag, then 304 answers without a body', async () => {
    const first = await get('/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/remoteEntry.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // The gzip copy is another representation: the brotli ETag does not match it.
    const otherEncoding = await get('/remoteEntry.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherEncoding.status).toBe(200);
  });

  it('when a file is asked for with If-Modified-Since after its change, then 304 answers', async () => {
    const first = await get('/app.0123456789abcdef.js');
    const again = await get('/app.0123456789abcdef.js', { 'if-modified-since': String(first.headers['last-modified']) });
    expect(again.status).toBe(304);
  });

  it('when a source map is asked for, then it is not served', async () => {
    const response = await get('/app.0123456789abcdef.js.map');
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('hemmelig');
  });

  it('when HEAD asks for a file, then the headers come without a body', async () => {
    const response = await new Promise<{ status: number; type?: string }>((resolve, reject) => {
      const req = request(new URL('/index.html', base), { method: 'HEAD' }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(response).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
  });
});
