import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn, uploadDocument } from '../support/session';

/** A cvrapi.dk stand-in that knows one company, so the demo carrier's CVR number can be verified offline. */
const register = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url?.startsWith('/api?search=12345674')) {
    res.end(JSON.stringify({ vat: 12345674, name: 'Demo Fragt ApS', address: 'Havnegade 1', zipcode: '8000', city: 'Aarhus C', enddate: null }));
  } else {
    res.statusCode = 404;
    res.end(JSON.stringify({ error: 'NOT_FOUND' }));
  }
});
await new Promise<void>((resolve) => register.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((done) => register.close(() => done())));

const product = productSuite({
  CVR_PROVIDER: 'cvrapi',
  CVR_BASE_URL: `http://127.0.0.1:${(register.address() as AddressInfo).port}`,
});
const api = <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) => apiCall<T>(product.url, path, token, init);

describe('carrier profiles', () => {
  it('when an insured carrier with a verified CVR number bids, then the customer sees the badges in the bid table and reaches the carrier page', async () => {
    const [customerToken, carrierToken, adminToken] = await Promise.all([
      bearerTokenOf(product.url, demo.customer),
      bearerTokenOf(product.url, demo.carrier),
      bearerTokenOf(product.url, demo.admin),
    ]);
    const me = await api<{ user: { id: number } }>('/users/me', carrierToken);
    const carrierId = me.user.id;

    // Insurance on file until next year (a certificate the carrier uploads first: only their own document is
    // accepted), and a CVR number the admin approves and the register knows.
    const nextYear = `${new Date().getFullYear() + 1}-06-30`;
    const certificate = await uploadDocument(product.url, carrierToken, {
      bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
      name: 'forsikring.pdf',
      type: 'application/pdf',
    });
    await api('/users/insurance', carrierToken, { method: 'POST', body: { file_url: certificate, expires_at: nextYear } });
    const change = await api<{ id: number }>('/users/billing-changes', carrierToken, {
      method: 'POST',
      body: { data: { company: 'Demo Fragt ApS', cvrNumber: '12345674', address: 'Havnegade 1', postalCode: '8000', city: 'Aarhus C', country: 'Danmark' } },
    });
    await api(`/admin/billing-changes/${change.id}/approve`, adminToken, { method: 'PUT' });

    // Public, no login: the badges arrive through identity's event.
    const deadline = Date.now() + 15_000;
    let profile: { badges: { insured: boolean; cvr_verified: boolean }; cvr_number: string | null } | undefined;
    while (Date.now() < deadline) {
      const response = await fetch(`${product.url}/api/carriers/${carrierId}`);
      profile = response.ok ? ((await response.json()) as typeof profile) : undefined;
      if (profile?.badges.insured && profile.badges.cvr_verified) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.deepEqual(profile?.badges, { insured: true, cvr_verified: true });
    assert.equal(JSON.stringify(profile).includes('@'), false, 'the public profile carries no e-mail');

    const task = await api<{ id: number }>('/tasks', customerToken, {
      method: 'POST',
      body: {
        type: 'furniture',
        from_address: 'Kongensgade 10, 5000 Odense C',
        to_address: 'Algade 3, 4000 Roskilde',
        description: 'En sofa',
        details: { furnitureType: 'sofa', numberOfItems: 1 },
      },
    });
    await api('/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 900 } });

    const page = await product.newPage();
    await logIn(page, product.url, demo.customer, `/task/${task.id}?tab=bids`);
    await page.waitForURL(new RegExp(`/task/${task.id}\\?tab=bids`));
    const row = page.getByRole('tabpanel').getByRole('row', { name: /Demo Vognmand/ });
    await row.getByText('Forsikret').waitFor();
    await row.getByText('CVR verificeret').waitFor();
    await row.getByText('Ingen anmeldelser endnu').waitFor();
    await row.getByText('0 udførte opgaver').waitFor();
    await snapshot(page, 'carriers-bid-table');

    await row.getByRole('link', { name: /Demo Vognmand/ }).click();
    await page.waitForURL(new RegExp(`/carrier/${carrierId}$`));
    await page.getByRole('heading', { level: 1, name: 'Demo Fragt ApS' }).waitFor();
    await page.getByText('12345674').waitFor();
    await page.getByText('Forsikret').waitFor();
    await page.getByText('CVR verificeret').waitFor();
    await page.getByText('Vognmanden har ingen anmeldelser endnu.').waitFor();
    await snapshot(page, 'carrier-page');
    await page.context().close();
  });

  it('when a carrier saves an insurance certificate on the profile page, then it is uploaded as theirs, kept and listed', async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.carrier, '/profile?tab=insurance');
    await page.waitForURL(/\/profile\?tab=insurance/);
    const form = page.getByRole('form', { name: 'Forsikring' });
    await form.getByLabel('Forsikringsbevis (PDF eller billede)').setInputFiles({
      name: 'forsikringsbevis.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
    await form.getByLabel('Udløbsdato').fill(`${new Date().getFullYear() + 2}-03-31`);
    await form.getByLabel('Noter').fill('Police 4711');
    await form.getByRole('button', { name: 'Gem forsikring' }).click();
    await form.getByText('Forsikring gemt').waitFor();
    const saved = page.getByRole('list', { name: 'Forsikringer' }).getByRole('listitem').filter({ hasText: 'Police 4711' });
    await saved.waitFor();
    // The form is empty again, the file field too (it would otherwise still name the saved certificate).
    assert.equal(await form.getByLabel('Forsikringsbevis (PDF eller billede)').inputValue(), '');
    assert.equal(await form.getByLabel('Noter').inputValue(), '');
    await snapshot(page, 'carrier-insurance-saved');

    // svc-identity asked svc-tasks who uploaded it: the stored record names the carrier's own document.
    const carrierToken = await bearerTokenOf(product.url, demo.carrier);
    const mine = await api<{ items: { file_url: string; notes: string | null }[] }>('/users/insurance/me', carrierToken);
    const record = mine.items.find((item) => item.notes === 'Police 4711');
    assert.match(record?.file_url ?? '', /^\/api\/files\/[\w-]+\.pdf$/);
    const document = await fetch(`${product.url}${record?.file_url}`, { headers: { authorization: `Bearer ${carrierToken}` } });
    assert.equal(document.status, 200);
    assert.equal((await document.text()).startsWith('%PDF'), true);
    await page.context().close();
  });
});
