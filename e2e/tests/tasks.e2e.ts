import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoAxeViolations } from '../support/axe';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { logIn } from '../support/session';

const product = productSuite();

async function fillAddresses(page: Page, from: string, to: string) {
  await page.getByLabel('Afhentningsadresse').fill(from);
  await page.getByLabel('Leveringsadresse').fill(to);
}

async function submitWizard(page: Page, buttonName: string) {
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByRole('button', { name: buttonName }).click();
}

/** The id of the newest task card whose text contains `text` on the browse page. */
async function cardId(page: Page, text: string): Promise<number> {
  const card = page.getByRole('article').filter({ hasText: text }).first();
  await card.waitFor();
  const heading = await card.getByRole('heading').textContent();
  return Number(heading?.match(/#(\d+)/)?.[1]);
}

describe('tasks', () => {
  it('when a guest posts a moving task from the home page, then it shows up on the browse page', async () => {
    const page = await product.newPage();
    await page.goto(product.url);
    await page.getByRole('list', { name: 'Vælg opgavetype' }).waitFor();
    await assertNoAxeViolations(page, 'the home page');
    await page.getByRole('list', { name: 'Vælg opgavetype' }).getByRole('link', { name: /Flytning/ }).click();
    await page.waitForURL(/\/create-task\?type=moving&guest=1/);
    await fillAddresses(page, 'Nørregade 1, 1165 København K', 'Vestergade 5, 8000 Aarhus C');
    await page.getByLabel('Boligens størrelse').selectOption({ index: 1 });
    await page.getByLabel('Telefonnummer').fill('12345678');
    await page.getByLabel('E-mail (valgfri)').fill('gaest@example.dk');
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('button', { name: 'Opret opgave' }).waitFor();
    await snapshot(page, 'create-task-confirm');
    await page.getByRole('button', { name: 'Opret opgave' }).click();
    await page.waitForURL(/\/browse-tasks/);
    const id = await cardId(page, '8000 Aarhus C');
    assert.ok(id > 0);
    await page.goto(`${product.url}/BrowseTasks`);
    await cardId(page, '8000 Aarhus C');
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
});
