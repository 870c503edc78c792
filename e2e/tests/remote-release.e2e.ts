import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { demo, snapshot } from '../support/browser';
import { logIn } from '../support/session';
import { productSuite } from '../support/suite';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const REMOTE_LOAD_ERROR = 'Denne del af siden kunne ikke indlæses. Prøv igen senere.';
const fixtureHeading = 'Økonomi – ny udgave';

/*
 * Teams release their remote alone while everything runs: with the product running on its own REMOTES_DIR,
 * `npm run remote:publish` releases mfe-carrier, a carrier's next page load runs it, `remote:rollback` brings the
 * one before back, and a release whose contract the shell does not host is refused while the previous keeps
 * working. The gateway is never restarted. One rspack build (the fixture whose finance heading differs); the
 * first release is the build `npm run build` made.
 */
const remotesDir = mkdtempSync(path.join(tmpdir(), 'fragtbud-remotes-'));
after(() => rmSync(remotesDir, { recursive: true, force: true }));
const product = productSuite({ REMOTES_DIR: remotesDir });

async function release(args: string[], env: Record<string, string> = {}): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'deploy/src/remote-release-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, REMOTES_DIR: remotesDir, ...env },
  });
}

/** The gateway says so within 5 s (it looks at manifest.json at most every second): the signal to load the page. */
async function servedAsCurrent(version: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const manifest = (await (await fetch(`${product.url}/mf-manifest.json`)).json()) as { releases?: { mfe_carrier?: { version: string }[] } };
    if (manifest.releases?.mfe_carrier?.[0]?.version === version) return;
    if (Date.now() > deadline) throw new Error(`the gateway did not serve mfe-carrier ${version} within 5 s: ${JSON.stringify(manifest)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Loads the carrier's finance tab afresh and says which mfe-carrier version it ran and what its heading said. */
async function financePage(page: Page): Promise<{ version: string | undefined; heading: string }> {
  const entries: string[] = [];
  const listener = (request: { url(): string }) => {
    const match = request.url().match(/\/remotes\/mfe-carrier\/([^/]+)\/remoteEntry\.js$/);
    if (match?.[1]) entries.push(match[1]);
  };
  page.on('request', listener);
  await page.goto(`${product.url}/profile?tab=financial`);
  const heading = page.locator('#carrier-finance-title');
  await heading.waitFor();
  page.off('request', listener);
  return { version: entries.at(-1), heading: (await heading.textContent()) ?? '' };
}

function expectPage(seen: { version: string | undefined; heading: string }, version: string, heading: string) {
  if (seen.version !== version || seen.heading !== heading) {
    throw new Error(`expected mfe-carrier ${version} saying "${heading}", the page ran ${seen.version} saying "${seen.heading}"`);
  }
}

describe('releasing one remote while everything runs', () => {
  it('when mfe-carrier is published, rolled back and published incompatible, then the next page load follows, and the gateway is never restarted', async () => {
    const pid = product.pid();
    const context = await product.browser.newContext({ locale: 'da-DK' });
    const page = await context.newPage();
    await logIn(page, product.url, demo.carrier);
    await page.waitForURL(`${product.url}/dashboard`);

    // Nothing published yet: the built-in remote.
    await page.goto(`${product.url}/profile?tab=financial`);
    await page.getByRole('heading', { name: 'Økonomi', exact: true }).waitFor();

    await release(['publish', 'mfe-carrier', '--version', '1.0.0-base', '--from-dist', path.join(repoRoot, 'mfe-carrier', 'dist')]);
    await servedAsCurrent('1.0.0-base');
    expectPage(await financePage(page), '1.0.0-base', 'Økonomi');

    // A new version, built alone by the publish script, whose visible text differs.
    await release(['publish', 'mfe-carrier', '--version', '1.1.0-fixture'], { FIXTURE_FINANCE_HEADING: fixtureHeading });
    await servedAsCurrent('1.1.0-fixture');
    expectPage(await financePage(page), '1.1.0-fixture', fixtureHeading);
    await snapshot(page, 'remote-release-new-version');

    await release(['rollback', 'mfe-carrier', '1.0.0-base']);
    await servedAsCurrent('1.0.0-base');
    expectPage(await financePage(page), '1.0.0-base', 'Økonomi');

    // A release implementing a props contract this shell does not host: refused, the one before stays in use.
    await release([
      'publish',
      'mfe-carrier',
      '--version',
      '2.0.0-incompatible',
      '--from-dist',
      path.join(remotesDir, 'mfe-carrier', '1.1.0-fixture'),
      '--contract-version',
      '99',
    ]);
    await servedAsCurrent('2.0.0-incompatible');
    expectPage(await financePage(page), '1.0.0-base', 'Økonomi');
    if (await page.getByText(REMOTE_LOAD_ERROR).count()) throw new Error('the Danish fallback showed although a compatible release exists');

    if (pid === null || product.pid() !== pid) throw new Error(`the product's process changed: ${pid} → ${product.pid()}`);
    const health = await fetch(`${product.url}/healthz`);
    if (health.status !== 200) throw new Error(`the gateway answered /healthz with ${health.status}`);
    await context.close();
  });
});
