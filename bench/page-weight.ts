/**
 * The front end's payload budget (issue 9): a cold load of `/` and `/BrowseTasks` in Debian's Chromium may move at
 * most 150 KB of JavaScript over the wire (the browser's own count of encoded bytes, compression included), and
 * each remote's first chunk (remoteEntry.js, brotli as served) at most 40 KB. Prints the weights; with `--check`
 * exits 1 when anything is over (CI runs it: `npm run budget`). Needs the front ends built (`npm run build`).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createLogger } from '@fragtbud/platform';
import { startEmbedded } from '@fragtbud/embedded';

const KB = 1024;
export const budgets = { pageScriptBytes: 150 * KB, remoteFirstChunkBytes: 40 * KB } as const;
const pages = ['/', '/BrowseTasks'];
const remotes = ['mfe-customer', 'mfe-carrier', 'mfe-admin'];
const repoRoot = path.resolve(import.meta.dirname, '..');

interface Weight {
  what: string;
  bytes: number;
  files: number;
  budget: number;
}

const verbose = process.argv.includes('--verbose');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function measurePages(baseUrl: string): Promise<Weight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const weights: Weight[] = [];
    for (const pathname of pages) {
      const context = await browser.newContext({ locale: 'da-DK' }); // fresh: nothing cached
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Map<string, string>();
      let bytes = 0;
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
      });
      cdp.on('Network.loadingFinished', (event) => {
        const url = scripts.get(event.requestId);
        if (url === undefined) return;
        bytes += event.encodedDataLength;
        if (verbose) process.stdout.write(`     ${pathname} ${kb(event.encodedDataLength)} ${new URL(url).pathname}\n`);
      });
      await page.goto(baseUrl + pathname, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      weights.push({ what: `JavaScript on cold load of ${pathname}`, bytes, files: scripts.size, budget: budgets.pageScriptBytes });
      await context.close();
    }
    return weights;
  } finally {
    await browser.close();
  }
}

function remoteFirstChunks(): Weight[] {
  return remotes.map((remote) => {
    const entry = path.join(repoRoot, remote, 'dist', 'remoteEntry.js');
    const served = existsSync(`${entry}.br`) ? `${entry}.br` : entry;
    if (!existsSync(served)) throw new Error(`${remote} is not built: run npm run build`);
    return { what: `${remote} first chunk (remoteEntry.js)`, bytes: statSync(served).size, files: 1, budget: budgets.remoteFirstChunkBytes };
  });
}

const topology = await startEmbedded({
  env: { PORT: '0', LOG_LEVEL: 'silent', DEMO_SEED: '1' },
  dataDir: 'memory',
  logger: createLogger({ name: 'page-weight', level: 'silent' }),
});
let weights: Weight[];
try {
  weights = [...(await measurePages(topology.url)), ...remoteFirstChunks()];
} finally {
  await topology.close();
}

let over = 0;
for (const { what, bytes, files, budget } of weights) {
  const ok = bytes <= budget;
  if (!ok) over += 1;
  process.stdout.write(`${ok ? 'ok  ' : 'OVER'} ${what}: ${kb(bytes)} in ${files} file(s) (budget ${kb(budget)})\n`);
}
process.stdout.write(`budget: ${weights.length - over} passed, ${over} failed\n`);
if (process.argv.includes('--check') && over > 0) process.exitCode = 1;
