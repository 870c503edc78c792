/**
 * Links in mails lead to where the marketplace answers: started on another PORT than 8080 (as a second copy on one
 * machine is), the mails name that port, unless PUBLIC_ORIGIN says otherwise.
 */
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@fragtbud/platform';
import { fakeFrontEnds } from './fake-front-ends';
import { startEmbedded, type EmbeddedTopology } from './topology';

let topology: EmbeddedTopology | undefined;

afterEach(async () => {
  await topology?.close();
  topology = undefined;
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The reset link mailed to the demo customer by a marketplace started with `env`. */
async function resetLinkOf(env: Record<string, string>): Promise<string> {
  topology = await startEmbedded({
    env: { STATIC_ROOT: fakeFrontEnds(), DEMO_SEED: '1', DEMO_TASKS: '0', LOG_LEVEL: 'silent', ...env },
    dataDir: 'memory',
    logger: createLogger({ name: 'test', level: 'silent' }),
  });
  const asked = await fetch(`${topology.url}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'kunde@fragtbud.dk' }),
  });
  expect(asked.status).toBeLessThan(300);
  const url = topology.url;
  return vi.waitFor(
    async () => {
      const box = (await (await fetch(`${url}/api/dev/mail?to=kunde%40fragtbud.dk`)).json()) as { items: Array<{ text: string }> };
      const link = box.items.map((item) => item.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0]).find(Boolean);
      if (!link) throw new Error('no reset mail');
      return link;
    },
    { timeout: 5_000, interval: 50 },
  );
}

describe('the public origin in mails', () => {
  it('when the marketplace runs on another port, then the mailed links lead to that port', async () => {
    const port = await freePort();
    const link = await resetLinkOf({ PORT: String(port) });
    expect(link.startsWith(`http://localhost:${port}/reset-password?token=`)).toBe(true);
  });

  it('when PUBLIC_ORIGIN is set, then the mailed links use it', async () => {
    const link = await resetLinkOf({ PORT: String(await freePort()), PUBLIC_ORIGIN: 'https://fragtbud.example' });
    expect(link.startsWith('https://fragtbud.example/reset-password?token=')).toBe(true);
  });
});
