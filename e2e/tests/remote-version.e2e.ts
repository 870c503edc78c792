import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { snapshot } from '../support/browser';
import { productSuite } from '../support/suite';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const REMOTE_LOAD_ERROR = 'Denne del af siden kunne ikke indlæses. Prøv igen senere.';

/*
 * Independent releases: the gateway serves a static root where mfe-customer is a build made against
 * @fragtbud/web 2.0.0 (built alone, without the shell), while the shell and the other remotes are today's
 * builds (1.x). The shell must refuse that remote with its Danish error instead of running it on libs/web 1.x.
 */
const staticRoot = mkdtempSync(path.join(tmpdir(), 'fragtbud-static-'));
before(async () => {
  for (const app of ['shell', 'mfe-carrier', 'mfe-admin']) symlinkSync(path.join(repoRoot, app), path.join(staticRoot, app));
  mkdirSync(path.join(staticRoot, 'mfe-customer'));
  await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--output-path', path.join(staticRoot, 'mfe-customer', 'dist')],
    { cwd: path.join(repoRoot, 'mfe-customer'), env: { ...process.env, MF_SHARED_VERSION_OVERRIDE: '@fragtbud/web@2.0.0' } },
  );
});
after(() => rmSync(staticRoot, { recursive: true, force: true }));

const product = productSuite({ STATIC_ROOT: staticRoot });

describe('independent remote releases', () => {
  it('when a remote built against an incompatible libs/web is deployed, then the shell refuses it with the Danish error', async () => {
    const page = await product.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const remoteEntry = page.waitForResponse((response) => response.url().endsWith('/remotes/mfe-customer/remoteEntry.js'));

    await page.goto(`${product.url}/create-task?type=moving`);
    if ((await remoteEntry).status() !== 200) throw new Error('the 2.0 build of mfe-customer was not served');
    await page.getByText(REMOTE_LOAD_ERROR).waitFor();
    await snapshot(page, 'remote-version-refused');

    if (await page.getByRole('heading', { name: /Opret opgave/ }).count()) throw new Error('the incompatible remote ran');
    if (!consoleErrors.some((text) => text.includes('@fragtbud/web/session') && text.includes('^2'))) {
      throw new Error(`the refusal did not name the version conflict:\n${consoleErrors.join('\n')}`);
    }
    // The shell itself keeps working.
    await page.getByRole('banner').getByRole('link', { name: 'Log ind' }).click();
    await page.waitForURL(`${product.url}/login`);
    await page.close();
  });
});
