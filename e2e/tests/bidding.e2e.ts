import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

const product = productSuite();

/** The default fees (10 % platform fee, 20 DKK small fee, 25 % VAT, 10 % carrier fee) on a net price of 1.250,50 DKK. */
const net = '1250.50';
const customerTotal = '1.744,44 DKK';
const payoutGross = '1.406,81 DKK';
const payoutNet = '1.125,45 DKK';

const copenhagenDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' });
const copenhagenMinute = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Copenhagen',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});


const api = <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) => apiCall<T>(product.url, path, token, init);

describe('bidding', () => {
  it('when a carrier bids with a chosen validity and the customer chooses the bid, then the task is assigned', async () => {
    const customerToken = await bearerTokenOf(product.url, demo.customer);
    const task = await api<{ id: number }>('/tasks', customerToken, {
      method: 'POST',
      body: {
        type: 'furniture',
        from_address: 'Kongensgade 10, 5000 Odense C',
        to_address: 'Algade 3, 4000 Roskilde',
        description: 'Et spisebord og seks stole',
        details: { furnitureType: 'dining_table', numberOfItems: 7 },
      },
    });

    // The carrier finds it among the tasks they can bid on and bids with a chosen date and time slot.
    const carrierPage = await product.newPage();
    await logIn(carrierPage, product.url, demo.carrier, '/tasks?available=true');
    await carrierPage.waitForURL(/\/tasks\?available=true/);
    await carrierPage.getByRole('article').filter({ hasText: `#${task.id}` }).click();
    await carrierPage.waitForURL(new RegExp(`/task/${task.id}`));
    await carrierPage.getByRole('tab', { name: /^Bud/ }).click();
    await carrierPage.getByText('0/5').waitFor();
    await carrierPage.getByText('Du har ikke budt på opgaven.').waitFor(); // mfe-carrier's ./CarrierBids, no bid yet
    await carrierPage.getByRole('button', { name: 'Byd på opgaven' }).click();

    const dialog = carrierPage.getByRole('dialog', { name: `Afgiv bud på opgave #${task.id}` });
    await dialog.getByLabel('Din pris ekskl. moms (DKK)').fill(net);
    const preview = dialog.getByRole('region', { name: 'Din udbetaling' });
    await preview.getByText(`Du får udbetalt ${payoutGross} inkl. moms`).waitFor();
    await preview.getByText(`${payoutNet} ekskl. moms`).waitFor();

    const validDate = copenhagenDate.format(new Date(Date.now() + 10 * 24 * 3600 * 1000));
    await dialog.getByLabel('Gyldighed').selectOption({ label: 'Vælg dato' });
    await dialog.getByLabel('Gyldig til dato').fill(validDate);
    await dialog.getByLabel('Tidspunkt').selectOption('16:00');
    await dialog.getByText(/Buddet gælder til .* kl\. 16:00\./).waitFor();
    await snapshot(carrierPage, 'bidding-modal');
    await dialog.getByRole('button', { name: 'Afgiv bud' }).click();

    await carrierPage.getByRole('status').filter({ hasText: 'Bud afgivet' }).waitFor();
    await carrierPage.getByText('1/5').waitFor();
    const ownRow = carrierPage.getByRole('row', { name: /Demo Vognmand/ });
    await ownRow.getByText(payoutGross).waitFor();
    assert.equal(await ownRow.getByText(customerTotal).count(), 0, 'the carrier sees their payout, not what the customer pays');
    // 'Ret bud' on their own pending bid reopens the bid panel's modal for it, with the price they bid.
    await ownRow.getByRole('link', { name: 'Ret bud' }).click();
    const edit = carrierPage.getByRole('dialog', { name: `Ret bud på opgave #${task.id}` });
    assert.equal(await edit.getByLabel('Din pris ekskl. moms (DKK)').inputValue(), '1250,5');
    await edit.getByRole('button', { name: 'Annuller' }).click();
    await edit.waitFor({ state: 'detached' });

    const carrierToken = await bearerTokenOf(product.url, demo.carrier);
    const placed = await api<{ items: Array<{ valid_until: string; price: number }> }>(`/bids?taskId=${task.id}`, carrierToken);
    const [bid] = placed.items;
    assert.ok(bid && placed.items.length === 1, 'one bid, the carrier\'s own');
    assert.equal(bid.price, 1250.5);
    assert.equal(copenhagenMinute.format(new Date(bid.valid_until)), `${validDate} 16:00`);
    await carrierPage.context().close();

    // The customer sees the gross total (never the carrier's net or payout) and chooses the bid.
    const customerPage = await product.newPage();
    await logIn(customerPage, product.url, demo.customer, `/task/${task.id}?tab=bids`);
    await customerPage.waitForURL(new RegExp(`/task/${task.id}\\?tab=bids`));
    const panel = customerPage.getByRole('tabpanel');
    const row = panel.getByRole('row', { name: /Demo Vognmand/ });
    await row.getByText(customerTotal).waitFor();
    const shown = await panel.innerText();
    assert.doesNotMatch(shown, /udbetaling|netto/i);
    assert.ok(!shown.includes('1.250,50') && !shown.includes(payoutGross) && !shown.includes(payoutNet), shown);

    await row.getByRole('button', { name: /Vælg bud/ }).click();
    const confirm = customerPage.getByRole('alertdialog', { name: 'Vælg bud fra Demo Vognmand?' });
    await confirm.getByText(`Du betaler ${customerTotal} inkl. moms og gebyrer.`).waitFor();
    await confirm.getByRole('button', { name: 'Vælg bud' }).click();

    await customerPage.getByRole('status').filter({ hasText: 'Opgaven er tildelt' }).waitFor();
    await customerPage.getByRole('list', { name: 'Opgavens forløb' }).locator('[aria-current="step"]').filter({ hasText: 'Tildelt' }).waitFor();
    await row.getByText('Accepteret').waitFor();
    assert.equal(await row.getByRole('button').count(), 0);
    await snapshot(customerPage, 'bidding-assigned');
    await customerPage.context().close();

    const assigned = await api<{ task?: { status: string; assigned_carrier_id: number | null }; status?: string }>(`/tasks/${task.id}`, customerToken);
    assert.equal((assigned.task ?? assigned).status, 'assigned');
  });
});
