import { describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { logIn } from '../support/session';

const product = productSuite();

describe('the shell', () => {
  it('when the admin remote cannot be loaded, then a Danish message stands in its place and the rest works', async () => {
    const context = await product.browser.newContext({ locale: 'da-DK' });
    await context.route('**/remotes/mfe-admin/**', (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    await logIn(page, product.url, demo.admin, '/AdminDashboard');
    await page.waitForURL(/\/AdminDashboard/);
    await page.getByText('Denne del af siden kunne ikke indlæses. Prøv igen senere.').waitFor();
    await snapshot(page, 'remote-down');

    await page.getByRole('banner').getByRole('link', { name: 'Opgaver' }).click();
    await page.waitForURL(`${product.url}/BrowseTasks`);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${product.url}/dashboard`);
    await context.close();
  });

  it('when a customer uses the site, then the admin and carrier remotes are never downloaded', async () => {
    const context = await product.browser.newContext({ locale: 'da-DK' });
    const page = await context.newPage();
    const remotesLoaded: string[] = [];
    page.on('request', (request) => {
      const match = request.url().match(/\/remotes\/(mfe-[a-z]+)\//);
      if (match?.[1]) remotesLoaded.push(match[1]);
    });
    await logIn(page, product.url, demo.customer);
    await page.waitForURL(`${product.url}/dashboard`);
    await page.goto(`${product.url}/create-task?type=moving`);
    await page.waitForLoadState('networkidle');
    if (remotesLoaded.includes('mfe-admin') || remotesLoaded.includes('mfe-carrier')) {
      throw new Error(`a customer downloaded ${remotesLoaded.join(', ')}`);
    }
    if (!remotesLoaded.includes('mfe-customer')) throw new Error('the create page did not load mfe-customer');
    await context.close();
  });
});
