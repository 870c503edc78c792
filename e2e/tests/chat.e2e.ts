import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

const product = productSuite();

const tokenOf = (account: { email: string; password: string }) => bearerTokenOf(product.url, account);

const api = <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) => apiCall<T>(product.url, path, token, init);

describe('chat and live updates', () => {
  it('when a carrier bids, the customer sees it without reload; then customer and carrier chat live in two browsers', async () => {
    const customerToken = await tokenOf(demo.customer);
    const carrierToken = await tokenOf(demo.carrier);
    const task = await api<{ id: number }>('/tasks', customerToken, {
      method: 'POST',
      body: {
        type: 'furniture',
        from_address: 'Vestergade 5, 8000 Aarhus C',
        to_address: 'Østergade 2, 9000 Aalborg',
        description: 'En sofa',
        details: { furnitureType: 'sofa', numberOfItems: 1 },
      },
    });

    // The customer watches the bids tab; the bid arrives over GET /api/events, no reload.
    const customerPage = await product.newPage();
    await logIn(customerPage, product.url, demo.customer, `/task/${task.id}?tab=bids`);
    await customerPage.waitForURL(new RegExp(`/task/${task.id}\\?tab=bids`));
    await customerPage.getByText('0/5').waitFor();
    await api('/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 800 } });
    await customerPage.getByRole('tabpanel').getByRole('row', { name: /Demo Vognmand/ }).waitFor();
    await customerPage.getByText('1/5').waitFor();
    await customerPage.getByRole('region', { name: 'Beskeder' }).getByText('Nyt bud på din opgave').waitFor();

    // The carrier opens the chat with the customer, named from the start (svc-chat names the thread's partner).
    const carrierPage = await product.newPage();
    await logIn(carrierPage, product.url, demo.carrier, `/task/${task.id}?tab=chat`);
    await carrierPage.waitForURL(new RegExp(`/task/${task.id}\\?tab=chat`));
    const carrierInput = carrierPage.getByLabel('Besked til Demo Kunde');
    await carrierInput.waitFor();

    // The customer picks the bidder and writes; the carrier sees it at once.
    await customerPage.getByRole('tab', { name: 'Chat' }).click();
    await customerPage.getByRole('navigation', { name: 'Samtaler' }).getByRole('button', { name: 'Demo Vognmand' }).click();
    await customerPage.waitForURL(/chatWith=\d+/);
    const customerInput = customerPage.getByLabel('Besked til Demo Vognmand');
    await customerInput.fill('Hej! Kan I komme på fredag? Skriv til kunde@firma.dk');
    await customerPage.getByText(/Sendes som:/).waitFor();
    await customerPage.getByRole('button', { name: 'Send' }).click();
    await customerPage.getByText('Hej! Kan I komme på fredag? Skriv til [redigeret]').waitFor();
    await carrierPage.getByText('Hej! Kan I komme på fredag? Skriv til [redigeret]').waitFor();

    // Once there is a thread, the carrier sees the customer by name (svc-chat's user directory), not a role or a number.
    const partners = carrierPage.getByRole('navigation', { name: 'Samtaler' });
    await partners.getByRole('button', { name: 'Demo Kunde' }).waitFor();
    assert.equal(await partners.getByText(/#\d|Kunden/).count(), 0);
    const carrierReply = carrierPage.getByLabel('Besked til Demo Kunde');

    // The carrier answers; the customer sees it without reload, and the carrier sees it read.
    await carrierReply.fill('Ja, fredag formiddag passer fint.');
    await carrierPage.getByRole('button', { name: 'Send' }).click();
    await customerPage.getByText('Ja, fredag formiddag passer fint.').waitFor();
    // The customer's side names the carrier with their company.
    await customerPage.getByRole('navigation', { name: 'Samtaler' }).getByRole('button', { name: 'Demo Vognmand (Demo Vognmand ApS)' }).waitFor();
    await carrierPage.getByText(/· Læst/).last().waitFor();
    await snapshot(customerPage, 'chat-customer');
    await snapshot(carrierPage, 'chat-carrier');

    const thread = await api<{ items: Array<{ message: string }> }>(
      `/chat/messages?taskId=${task.id}&partnerId=${(await api<{ user: { id: number } }>('/auth/profile', customerToken)).user.id}`,
      carrierToken,
    );
    assert.deepEqual(
      thread.items.map((item) => item.message),
      ['Hej! Kan I komme på fredag? Skriv til [redigeret]', 'Ja, fredag formiddag passer fint.'],
    );
    await customerPage.context().close();
    await carrierPage.context().close();
  });
});
