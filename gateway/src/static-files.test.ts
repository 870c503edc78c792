import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFile } from './static-files';

let base: string;
let server: ReturnType<Koa['listen']>;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  mkdirSync(path.join(root, 'public'));
  writeFileSync(path.join(root, 'public', 'app.0123456789abcdef.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'public', 'index.html'), '<html></html>');
  writeFileSync(path.join(root, 'secret.txt'), 'hemmelig');
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
});
