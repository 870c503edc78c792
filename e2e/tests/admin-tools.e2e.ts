import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

const product = productSuite();

/** A furniture task of the demo customer with the demo carrier's bid accepted and paid (mock provider). */
async function paidTask(): Promise<number> {
  const customerToken = await bearerTokenOf(product.url, demo.customer);
  const carrierToken = await bearerTokenOf(product.url, demo.carrier);
  const task = await apiCall<{ id: number }>(product.url, '/tasks', customerToken, {
    method: 'POST',
    body: { type: 'furniture', from_address: 'Vestergade 5, 8000 Aarhus C', to_address: 'Østergade 2, 9000 Aalborg', description: 'Et bord', details: { furnitureType: 'table', numberOfItems: 1 } },
  });
  const bid = await apiCall<{ id: number }>(product.url, '/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 1200 } });
  await apiCall(product.url, `/bids/${bid.id}/accept`, customerToken, { method: 'POST', body: {} });
  const intent = await apiCall<{ paymentIntentId: string }>(product.url, '/payments/intents', customerToken, { method: 'POST', body: { taskId: task.id, currency: 'DKK' } });
  await apiCall(product.url, `/payments/mock/${intent.paymentIntentId}/complete`, customerToken, { method: 'POST', body: {} });
  for (let tries = 0; tries < 100; tries += 1) {
    const current = await apiCall<{ status: string }>(product.url, `/tasks/${task.id}`, customerToken);
    if (current.status === 'paid') return task.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${task.id} never became paid`);
}

describe('admin tools by name', () => {
  it('when the admin names a customer by searching their name, then the adjustment is checked before the question and the question names them', async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.admin, '/AdminDashboard?tab=ledger');
    await page.waitForURL(/tab=ledger/);
    await page.getByText('Handlinger: udbetalinger, justeringer og gebyrer').click();
    const form = page.getByRole('form', { name: 'Justering' });
    await form.getByRole('combobox', { name: 'Kunde' }).fill('demo kun');
    const option = form.getByRole('option', { name: /Demo Kunde/ });
    await option.waitFor();
    assert.match((await option.textContent()) ?? '', /Kunde · #\d+ · kunde@fragtbud\.dk/);
    await option.click();
    await form.getByText(/^Valgt: Demo Kunde/).waitFor();

    // A 0 DKK adjustment is refused in the form, before any question.
    await form.getByLabel('Beløb (DKK, med fortegn)').fill('0');
    await form.getByLabel('Begrundelse').fill('Kompensation for forsinkelse');
    await form.getByRole('button', { name: 'Opret justering' }).click();
    await form.getByRole('alert').getByText('Ugyldigt beløb').waitFor();
    assert.equal(await page.getByRole('alertdialog').count(), 0);

    await form.getByLabel('Beløb (DKK, med fortegn)').fill('150');
    await form.getByRole('checkbox', { name: 'Beløbet er inkl. moms' }).check();
    await form.getByRole('button', { name: 'Opret justering' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Opret justering?' });
    await dialog.getByText('Demo Kunde får 150,00 DKK inkl. moms. Det kan ikke fortrydes.').waitFor();
    await snapshot(page, 'admin-tools-adjustment-question');
    await dialog.getByRole('button', { name: 'Opret justering' }).click();
    await form.getByRole('status').getByText('Justering oprettet').waitFor();

    // The ledger filtered to the same customer, chosen by name: the adjustment is there.
    const filters = page.getByRole('form', { name: 'Filtrér ledger' });
    await filters.getByRole('combobox', { name: 'Kunde' }).fill('kunde@fragtbud');
    await filters.getByRole('option', { name: /Demo Kunde/ }).click();
    await filters.getByRole('button', { name: 'Filtrér' }).click();
    await page.waitForURL(/customerId=\d+/);
    await page.getByRole('table').getByRole('cell', { name: 'Justering' }).first().waitFor();
    await page.context().close();
  });

  it('when a task is paid, then the admin’s status menu does not offer Tildelt or Åben for bud', async () => {
    const taskId = await paidTask();
    const page = await product.newPage();
    await logIn(page, product.url, demo.admin, `/task/${taskId}`);
    const menu = page.getByRole('combobox', { name: 'Skift status' });
    await menu.waitFor();
    const offered = (await menu.locator('option').allTextContents()).map((text) => text.trim());
    assert.ok(offered.some((text) => text.startsWith('Betalt')), `the current status is shown: ${offered.join(', ')}`);
    assert.ok(!offered.includes('Tildelt'), `Tildelt offered: ${offered.join(', ')}`);
    assert.ok(!offered.includes('Åben for bud'), `Åben for bud offered: ${offered.join(', ')}`);
    assert.ok(offered.includes('Annulleret'), `Annulleret missing: ${offered.join(', ')}`);
    await snapshot(page, 'admin-tools-paid-status-menu');
    await page.context().close();
  });
});
