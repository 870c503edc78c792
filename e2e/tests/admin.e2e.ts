import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

const product = productSuite();

describe('an admin', () => {
  it('when a new carrier registers, then the admin approves them on Carrier-godkendelse', async () => {
    const carrierEmail = `vognmand-${Date.now()}@example.dk`;
    const registered = await fetch(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Jens Kørsel', email: carrierEmail, password: 'hemmelig1', role: 'carrier', company: 'Jens Kørsel ApS', acceptTerms: true }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

    const page = await product.newPage();
    await logIn(page, product.url, demo.admin, '/AdminDashboard?tab=carriers');
    await page.waitForURL(/\/AdminDashboard\?tab=carriers/);
    const carrierTab = page.getByRole('tab', { name: /Carrier-godkendelse/ });
    await carrierTab.getByText('1', { exact: true }).waitFor(); // the pending-count badge

    await page.getByRole('listitem', { name: 'Jens Kørsel' }).getByRole('button', { name: 'Godkend' }).click();
    await page.getByRole('listitem', { name: 'Jens Kørsel' }).getByRole('button', { name: 'Tilbagekald godkendelse' }).waitFor();
    await snapshot(page, 'admin-carriers');

    const users = await fetch(`${product.url}/api/users?role=pending`, {
      headers: { authorization: `Bearer ${await bearerTokenOf(product.url, demo.admin)}` },
    });
    const body = (await users.json()) as { items: Array<{ email: string }> };
    if (body.items.some((user) => user.email === carrierEmail)) throw new Error('carrier still pending after approval');
    await page.context().close();
  });

  it('when the admin opens Brugeradministration on a phone, then only the table scrolls sideways, not the page', async () => {
    const page = await product.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, product.url, demo.admin, '/AdminDashboard?tab=users');
    await page.waitForURL(/\/AdminDashboard\?tab=users/);
    await page.getByRole('cell', { name: demo.carrier.email }).waitFor();
    // The table is wider than the phone; its hidden caption and column label must stay inside its scroll box.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: document.querySelector('.fb-table')?.getBoundingClientRect().width ?? 0,
    }));
    assert.ok(widths.table > 390, `the table should be wider than the phone (${widths.table})`);
    assert.equal(widths.page, 390);
    await page.context().close();
  });

  it('when a bid is accepted, then the admin sees people by name in the task list and the carrier with list on the task page', async () => {
    const customerToken = await bearerTokenOf(product.url, demo.customer);
    const carrierToken = await bearerTokenOf(product.url, demo.carrier);
    const task = await apiCall<{ id: number }>(product.url, '/tasks', customerToken, {
      method: 'POST',
      body: { type: 'furniture', from_address: 'Vestergade 5, 8000 Aarhus C', to_address: 'Østergade 2, 9000 Aalborg', description: 'En sofa', details: { furnitureType: 'sofa', numberOfItems: 1 } },
    });
    const bid = await apiCall<{ id: number }>(product.url, '/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 900 } });
    await apiCall(product.url, `/bids/${bid.id}/accept`, customerToken, { method: 'POST', body: {} });

    const page = await product.newPage();
    await logIn(page, product.url, demo.admin, '/AdminDashboard?tab=tasks');
    await page.waitForURL(/\/AdminDashboard/);
    const row = page.getByRole('row', { name: new RegExp(`#${task.id} Møbeltransport`) });
    await row.getByText('Demo Kunde').waitFor();
    await row.getByText('Demo Vognmand (Demo Vognmand ApS)').waitFor();

    await page.goto(`${product.url}/task/${task.id}`);
    const info = page.getByRole('region', { name: 'Oplysninger' });
    await info.getByRole('link', { name: 'Demo Vognmand (Demo Vognmand ApS)' }).waitFor();
    await info.getByText(/gebyr\)$/).waitFor();
    assert.equal(await info.getByText(/Vognmand #|Bruger #|Kunde #/).count(), 0);
    await snapshot(page, 'admin-task-names');
    await page.context().close();
  });

  it("when the admin chooses a carrier's bid on the task page, then mfe-admin's bids assign the task", async () => {
    const customerToken = await bearerTokenOf(product.url, demo.customer);
    const carrierToken = await bearerTokenOf(product.url, demo.carrier);
    const task = await apiCall<{ id: number }>(product.url, '/tasks', customerToken, {
      method: 'POST',
      body: { type: 'furniture', from_address: 'Nørregade 4, 7100 Vejle', to_address: 'Søndergade 9, 8700 Horsens', description: 'Et skab', details: { furnitureType: 'wardrobe', numberOfItems: 1 } },
    });
    await apiCall(product.url, '/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 1000 } });

    const page = await product.newPage();
    const adminRemote = page.waitForResponse((response) => /\/remotes\/mfe-admin\/(?:[^/]+\/)?remoteEntry\.js$/.test(response.url()));
    await logIn(page, product.url, demo.admin, `/task/${task.id}?tab=bids`);
    await page.waitForURL(new RegExp(`/task/${task.id}\\?tab=bids`));
    const row = page.getByRole('tabpanel').getByRole('row', { name: /Demo Vognmand/ });
    await row.getByRole('button', { name: 'Vælg bud fra Demo Vognmand' }).click();
    assert.equal((await adminRemote).status(), 200, 'mfe-admin is served (the shell alone shows no bid buttons to an admin)');
    await page.getByRole('alertdialog', { name: 'Vælg bud fra Demo Vognmand?' }).getByRole('button', { name: 'Vælg bud' }).click();

    await page.getByRole('status').filter({ hasText: 'Buddet fra Demo Vognmand er valgt. Opgaven er tildelt.' }).waitFor();
    await row.getByText('Accepteret').waitFor();
    const assigned = await apiCall<{ task?: { status: string }; status?: string }>(product.url, `/tasks/${task.id}`, customerToken);
    assert.equal((assigned.task ?? assigned).status, 'assigned');
    await page.context().close();
  });

  it('when the admin filters users by blocked after blocking one, then only that user is listed', async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.admin, '/AdminDashboard?tab=users');
    await page.waitForURL(/tab=users/);
    const customerRow = page.getByRole('row', { name: new RegExp(demo.customer.email) });
    await customerRow.getByRole('button', { name: 'Bloker' }).click();
    await customerRow.getByRole('button', { name: 'Fjern blokering' }).waitFor();
    await page.getByRole('combobox', { name: 'Vis brugere' }).selectOption({ label: 'Blokerede' });
    await page.getByRole('row', { name: new RegExp(demo.customer.email) }).waitFor();
    await page.getByRole('row', { name: new RegExp(demo.admin.email) }).waitFor({ state: 'detached' });
    await snapshot(page, 'admin-users-blocked');
    await page.context().close();
  });
});
