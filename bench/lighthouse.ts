/**
 * Lighthouse 12 mobile performance of `/` and `/BrowseTasks` (issue 9: at least 95 each), in Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium), against the embedded product with the demo data. Lighthouse's default
 * mobile profile: an emulated mid-range phone with simulated slow 4G and 4× CPU slowdown. Prints the score, the
 * metrics and the page weights; not a timed test (the machine is shared and noisy: run it on a quiet machine).
 * Needs the front ends built (`npm run build`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@fragtbud/platform';
import { startEmbedded } from '@fragtbud/embedded';

const run = promisify(execFile);
const pages = ['/', '/BrowseTasks'];
const lighthouseBin = path.resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');
const chromeFlags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking';

interface Report {
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: ResourceRow[] } }>;
}
interface LcpDetails {
  items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[];
}
interface ResourceRow {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

/** The element Lighthouse took as the largest paint and how its time splits into phases. */
function lcpElement(report: Report): string {
  const tables = (report.audits['largest-contentful-paint-element']?.details as LcpDetails | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node?.snippet ?? '-';
  const phases = (tables[1]?.items ?? []).map((row) => `${row.phase} ${Math.round(row.timing ?? 0)} ms`).join(', ');
  return phases ? `${node} (${phases})` : node;
}

const topology = await startEmbedded({
  env: { PORT: '0', LOG_LEVEL: 'silent', DEMO_SEED: '1' },
  dataDir: 'memory',
  logger: createLogger({ name: 'lighthouse', level: 'silent' }),
});
const outDir = mkdtempSync(path.join(tmpdir(), 'fragtbud-lighthouse-'));
try {
  for (const pathname of pages) {
    const output = path.join(outDir, 'report.json');
    await run(
      lighthouseBin,
      [
        topology.url + pathname,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    const audit = (id: string) => report.audits[id]?.displayValue ?? '-';
    const resources = report.audits['resource-summary']?.details?.items ?? [];
    const weight = (type: string) => {
      const row = resources.find((item) => item.resourceType === type);
      return row ? `${(row.transferSize / 1024).toFixed(1)} KB in ${row.requestCount}` : '-';
    };
    process.stdout.write(
      `${pathname}: performance ${Math.round(report.categories.performance.score * 100)}` +
        ` | FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')},` +
        ` TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')}` +
        ` | script ${weight('script')}, stylesheet ${weight('stylesheet')}, total ${weight('total')}` +
        // Lighthouse's own CPU benchmark of this machine at the time; a busy machine scores low and inflates TBT.
        ` | benchmarkIndex ${Math.round(report.environment.benchmarkIndex)}\n` +
        `  LCP element ${lcpElement(report)}\n`,
    );
  }
} finally {
  await topology.close();
  rmSync(outDir, { recursive: true, force: true });
}
