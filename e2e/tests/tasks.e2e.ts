import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoAxeViolations } from '../support/axe';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

const product = productSuite();

async function fillAddresses(page: Page, from: string, to: string) {
  await page.getByLabel('Afhentningsadresse').fill(from);
  await page.getByLabel('Leveringsadresse').fill(to);
}

async function submitWizard(page: Page, buttonName: string) {
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByRole('button', { name: buttonName }).click();
}

/** The demo customer's tasks whose description is `description` (newest first), read through the API. */
async function customerTasksDescribed(description: string): Promise<Array<{ id: number; user_id: number | null; is_guest: boolean }>> {
  const token = await bearerTokenOf(product.url, demo.customer);
  const page = await apiCall<{ items: Array<{ id: number; description: string; user_id: number | null; is_guest: boolean }> }>(
    product.url,
    '/tasks?mine=1&limit=50',
    token,
  );
  return page.items.filter((task) => task.description === description);
}

/** Step 2 of a courier task, filled in (the weight typed the Danish way). */
async function fillCourier(page: Page, description: string) {
  await fillAddresses(page, 'Kongensgade 10, 5000 Odense C', 'Algade 3, 4000 Roskilde');
  await page.getByLabel('Pakkestørrelse').selectOption({ index: 1 });
  await page.getByLabel('Vægt (kg)').fill('12,5');
  await page.getByLabel('Beskrivelse af opgaven').fill(description);
}

/** The id of the newest task card whose text contains `text` on the browse page. */
async function cardId(page: Page, text: string): Promise<number> {
  const card = page.getByRole('article').filter({ hasText: text }).first();
  await card.waitFor();
  const heading = await card.getByRole('heading').textContent();
  return Number(heading?.match(/#(\d+)/)?.[1]);
}

describe('tasks', () => {
  it('when a guest posts a moving task from the home page, then the confirmation shows its number and it shows up on the browse page', async () => {
    const page = await product.newPage();
    await page.goto(product.url);
    await page.getByRole('list', { name: 'Vælg opgavetype' }).waitFor();
    await assertNoAxeViolations(page, 'the home page');
    await page.getByRole('list', { name: 'Vælg opgavetype' }).getByRole('link', { name: /Flytning/ }).click();
    await page.waitForURL(/\/create-task\?type=moving&guest=1/);
    await fillAddresses(page, 'Nørregade 1, 1165 København K', 'Vestergade 5, 8000 Aarhus C');
    await page.getByLabel('Boligens størrelse').selectOption({ index: 1 });
    await page.getByLabel('Telefonnummer').fill('12345678');
    await page.getByLabel('E-mail', { exact: false }).fill('gaest@example.dk');
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('button', { name: 'Opret opgave' }).waitFor();
    await snapshot(page, 'create-task-confirm');
    await page.getByRole('button', { name: 'Opret opgave' }).click();
    // A guest lands on the confirmation with the task number and the mailed link, then finds the task listed.
    await page.waitForURL(/\/task-created\/\d+\?mail=1/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    assert.ok(id > 0);
    await page.getByText('Vi har sendt et link til din e-mail').waitFor();
    await page.goto(`${product.url}/BrowseTasks`);
    assert.equal(await cardId(page, '8000 Aarhus C'), id);
    await assertNoAxeViolations(page, '/BrowseTasks');
    await page.context().close();
  });

  it('when a customer posts a furniture task and searches, edits it, then the list narrows and the edit shows', async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.customer);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${product.url}/create-task?type=furniture`);
    await fillAddresses(page, 'Kongensgade 10, 5000 Odense C', 'Algade 3, 4000 Roskilde');
    await page.getByLabel('Møbeltype').selectOption('sofa');
    await page.getByLabel('Antal møbler').fill('2');
    await page.getByLabel('Beskrivelse af opgaven').fill('En stor hjørnesofa');
    await submitWizard(page, 'Opret opgave');
    await page.waitForURL(/\/browse-tasks/);
    const id = await cardId(page, '5000 Odense C');

    await page.goto(`${product.url}/BrowseTasks`);
    await page.getByRole('article').filter({ hasText: 'Aarhus' }).first().waitFor(); // the guest's task, before searching
    const search = page.getByRole('search', { name: 'Søg i opgaver' });
    await search.getByLabel('Søg').fill('Odense');
    await search.getByRole('button', { name: 'Søg' }).click();
    await page.waitForURL(/q=Odense/);
    await page.getByRole('article').filter({ hasText: '5000 Odense C' }).waitFor();
    // the guest's Aarhus task leaves the list once the search is applied
    await page.getByRole('article').filter({ hasText: 'Aarhus' }).waitFor({ state: 'detached' });
    await search.getByLabel('Opgavetype').selectOption('moving');
    await page.getByText('Ingen opgaver fundet').waitFor();
    await snapshot(page, 'browse-empty');

    await page.goto(`${product.url}/create-task?edit=${id}`);
    const description = page.getByLabel('Beskrivelse af opgaven');
    await description.waitFor();
    assert.equal(await description.inputValue(), 'En stor hjørnesofa');
    await description.fill('En stor hjørnesofa og et sofabord');
    await submitWizard(page, 'Gem ændringer');
    await page.waitForURL(/\/browse-tasks/);
    await page.goto(`${product.url}/task/${id}`);
    await page.getByText('En stor hjørnesofa og et sofabord').waitFor();
    await snapshot(page, 'task-detail');
    await assertNoAxeViolations(page, 'a task page');
    await page.context().close();
  });

  it('when the wizard is reloaded midway, then the draft is kept; Back moves one step', async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.customer);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${product.url}/create-task`);
    await page.getByRole('button', { name: /Kurertransport/ }).click();
    await page.waitForURL(/step=2/);
    await fillCourier(page, 'Kladde der overlever en genindlæsning');
    await page.reload();
    await page.getByLabel('Vægt (kg)').waitFor();
    assert.equal(await page.getByLabel('Afhentningsadresse').inputValue(), 'Kongensgade 10, 5000 Odense C');
    assert.equal(await page.getByLabel('Vægt (kg)').inputValue(), '12,5');
    assert.equal(await page.getByLabel('Beskrivelse af opgaven').inputValue(), 'Kladde der overlever en genindlæsning');

    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('heading', { level: 2, name: 'Bekræft og send' }).waitFor();
    assert.match(page.url(), /step=3/);
    await page.getByText('12,5 kg').waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Kurertransport' }).waitFor();
    assert.equal(await page.getByLabel('Vægt (kg)').inputValue(), '12,5');
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Hvad skal transporteres?' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: 'Kurertransport' }).waitFor();
    await page.context().close();
  });

  it("when 'Opret opgave' is clicked three times quickly, then one task is created", async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.customer);
    await page.waitForURL(/\/dashboard/);
    const description = `Tre hurtige klik ${Date.now()}`;
    await page.goto(`${product.url}/create-task?type=courier`);
    await fillCourier(page, description);
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    const create = page.getByRole('button', { name: 'Opret opgave' });
    await create.waitFor();
    await create.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
      button.click();
    });
    await page.waitForURL(/\/browse-tasks/);
    const created = await customerTasksDescribed(description);
    assert.equal(created.length, 1);
    await page.context().close();
  });

  it("when the session is ended in another tab, then the wizard says 'Session udløbet – log ind igen', posts nothing, and the draft survives login", async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.customer);
    await page.waitForURL(/\/dashboard/);
    const description = `Session mistet undervejs ${Date.now()}`;
    await page.goto(`${product.url}/create-task?type=courier`);
    await fillCourier(page, description);
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('button', { name: 'Opret opgave' }).waitFor();

    const otherTab = await page.context().newPage();
    await otherTab.goto(`${product.url}/dashboard`);
    await otherTab.getByRole('banner').getByRole('button', { name: 'Log ud' }).click();
    await otherTab.getByRole('banner').getByRole('link', { name: 'Log ind' }).waitFor();
    await otherTab.close();

    await page.getByRole('button', { name: 'Opret opgave' }).click();
    const alert = page.locator('.ct-banner');
    await alert.getByText('Session udløbet – log ind igen').waitFor();
    assert.equal((await customerTasksDescribed(description)).length, 0);

    // The header knows it too: the user is signed out here as well.
    await page.getByRole('banner').getByRole('link', { name: 'Log ind' }).waitFor();
    await alert.getByRole('link', { name: 'Log ind' }).click();
    const form = page.getByRole('form', { name: 'Log ind' });
    await form.getByLabel('E-mail').fill(demo.customer.email);
    await form.getByLabel('Adgangskode', { exact: true }).fill(demo.customer.password);
    await form.getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(/\/create-task\?type=courier&step=3/);
    await page.getByRole('heading', { level: 2, name: 'Bekræft og send' }).waitFor();
    await page.getByText(description).waitFor();
    await page.getByRole('button', { name: 'Opret opgave' }).click();
    await page.waitForURL(/\/browse-tasks/);
    const created = await customerTasksDescribed(description);
    assert.equal(created.length, 1);
    assert.equal(created[0]?.is_guest, false);
    await page.context().close();
  });
});

describe('landing pages', () => {
  it('the top of the home page and of the task browser is painted from the HTML, styled, before any script runs, in the place React then renders it', async () => {
    const context = await product.browser.newContext({ locale: 'da-DK', viewport: { width: 412, height: 800 } });
    const page = await context.newPage();
    const place = (selector: string) =>
      page.locator(selector).first().evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height), color: getComputedStyle(element).color };
      });
    const withoutScripts: Record<string, unknown> = {};
    await page.route(/\.js$/, (route) => route.abort());
    for (const [url, selector] of [['/', '.hero__title'], ['/BrowseTasks', '.fb-page-header__lead']] as const) {
      await page.goto(`${product.url}${url}`);
      assert.match((await page.locator('h1').textContent()) ?? '', url === '/' ? /Få 3 tilbud/ : /Find opgaver/);
      withoutScripts[url] = await place(selector);
    }
    await page.unroute(/\.js$/);
    for (const [url, selector] of [['/', '.hero__title'], ['/BrowseTasks', '.fb-page-header__lead']] as const) {
      await page.goto(`${product.url}${url}`);
      // React's own header (the static bar has no menu button) shows the app has taken over.
      await page.getByRole('button', { name: /menu/i }).waitFor();
      assert.deepEqual(await place(selector), withoutScripts[url], `${url}: the painted top moved when React rendered it`);
    }
    await context.close();
  });
});
