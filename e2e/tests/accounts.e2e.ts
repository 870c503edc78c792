import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { demo, snapshot } from '../support/browser';
import { logIn } from '../support/session';
import { productSuite } from '../support/suite';

const product = productSuite();

describe('forgot password', () => {
  it('when a user forgets the password, then the mailed link (read in the development mailbox) sets a new one', async () => {
    const email = `glemsom-${Date.now()}@example.dk`;
    const registered = await fetch(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Glemsom Kunde', email, password: 'gammel-kode-1', role: 'customer', acceptTerms: true }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

    const page = await product.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(/^Hvis e-mailen hører til en konto/).waitFor();

    await page.goto(`${product.url}/dev/mail?to=${encodeURIComponent(email)}`);
    const link = page.getByRole('link', { name: /\/reset-password\?token=/ });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    // The link carries PUBLIC_ORIGIN; the product under test runs on its own port.
    const reset = new URL(href);
    await page.goto(`${product.url}${reset.pathname}${reset.search}`);
    await page.getByLabel('Ny adgangskode', { exact: true }).and(page.locator('input')).fill('helt-ny-kode-7');
    await page.getByLabel('Gentag adgangskode').fill('helt-ny-kode-7');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await page.getByText(/^Adgangskode ændret succesfuldt/).waitFor();
    await snapshot(page, 'reset-password-done');

    await logIn(page, product.url, { email, password: 'helt-ny-kode-7' });
    await page.waitForURL(/\/dashboard$/);
    await page.context().close();
  });
});

/** The code an authenticator app shows for this secret, at a time offset in steps. */
const appCode = (base32: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(base32), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

describe('two-factor', () => {
  it('when a user enables two-factor in the profile, then the next login asks for the code and lets them in with it', async () => {
    const email = `tofaktor-${Date.now()}@example.dk`;
    const password = 'to-faktor-kode-1';
    const registered = await fetch(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sikker Kunde', email, password, role: 'customer', acceptTerms: true }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

    const page = await product.newPage();
    await logIn(page, product.url, { email, password }, '/profile?tab=security');
    await page.waitForURL(/\/profile\?tab=security/);
    await page.getByRole('button', { name: 'Slå totrinsbekræftelse til' }).click();
    await page.getByAltText('QR-kode til autentifikator-app').waitFor();
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    await page.getByLabel('Kode fra appen').fill(appCode(secret));
    await page.getByRole('button', { name: 'Slå til' }).click();
    await page.getByText(/Totrinsbekræftelse er slået til/).waitFor();
    await snapshot(page, 'two-factor-enabled');
    await page.context().close();

    const next = await product.newPage();
    await logIn(next, product.url, { email, password });
    const step = next.getByRole('form', { name: 'Engangskode' });
    await step.waitFor();
    // The enabling code's step is spent; the app's next code is accepted (±1 step).
    await step.getByLabel('Kode').fill(appCode(secret, 1));
    await step.getByRole('button', { name: 'Bekræft' }).click();
    await next.waitForURL(/\/dashboard$/);
    await next.context().close();
  });
});

describe('billing changes', () => {
  it("when a carrier submits new billing details, then the admin approves them on 'Fakturaændringer' and they become the carrier's", async () => {
    const carrier = await product.newPage();
    await logIn(carrier, product.url, demo.carrier, '/profile?tab=billing');
    await carrier.waitForURL(/\/profile\?tab=billing/);
    const form = carrier.getByRole('form', { name: 'Faktureringsoplysninger' });
    await form.getByLabel('Firma').fill('Demo Vognmand Fragt ApS');
    await form.getByLabel('CVR-nummer').fill('12345674');
    await form.getByLabel('Postnummer').fill('8000');
    await form.getByLabel('By').fill('Aarhus C');
    await form.getByRole('button', { name: 'Send til godkendelse' }).click();
    await carrier.getByText('Ændringer sendt til godkendelse').waitFor();
    await carrier.getByText('Seneste ændring: Afventer godkendelse').waitFor();

    const admin = await product.newPage();
    await logIn(admin, product.url, demo.admin, '/AdminDashboard?tab=billingChanges');
    await admin.waitForURL(/tab=billingChanges/);
    const change = admin.getByRole('listitem').filter({ hasText: 'Demo Vognmand Fragt ApS' });
    await change.getByRole('button', { name: 'Godkend' }).click();
    await change.waitFor({ state: 'detached' });
    await snapshot(admin, 'admin-billing-changes');
    await admin.context().close();

    await carrier.reload();
    await carrier.getByText('Seneste ændring: Godkendt').waitFor();
    const company = await carrier.getByRole('form', { name: 'Faktureringsoplysninger' }).getByLabel('Firma').inputValue();
    if (company !== 'Demo Vognmand Fragt ApS') throw new Error(`billing company is ${company}`);
    await carrier.goto(`${product.url}/dev/mail?to=${encodeURIComponent(demo.carrier.email)}`);
    await carrier.getByText('Dine faktureringsoplysninger er godkendt').waitFor();
    await carrier.context().close();
  });
});

describe('data export and account deletion', () => {
  it('when a customer downloads their data and then deletes the account, then the file is theirs and the login is gone', async () => {
    const email = `forlader-${Date.now()}@example.dk`;
    const password = 'hemmelig-7';
    const registered = await fetch(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Frida Forlader', email, password, role: 'customer', acceptTerms: true }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

    const page = await product.newPage();
    await logIn(page, product.url, { email, password }, '/profile');
    await page.waitForURL(/\/profile$/);
    const section = page.getByRole('region', { name: 'Dine data' });
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Hent mine data' }).click()]);
    assert.match(download.suggestedFilename(), /^fragtbud-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(await readFile(file, 'utf8')) as { profile: { email: string; name: string }; termsAcceptance: unknown; tasks: unknown[] };
    assert.equal(data.profile.email, email);
    assert.equal(data.profile.name, 'Frida Forlader');
    assert.ok(data.termsAcceptance, 'the accepted terms are in the export');
    assert.deepEqual(data.tasks, []);
    await page.getByText('Dine data er hentet').waitFor();

    await section.getByRole('button', { name: 'Slet konto' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Slet din konto?' });
    await dialog.getByText(/Det kan ikke fortrydes/).waitFor();
    // The account's own password is asked for: a wrong one deletes nothing.
    await dialog.getByLabel('Din adgangskode').fill('ikke-min-kode');
    await dialog.getByRole('button', { name: 'Slet konto permanent' }).click();
    await dialog.getByText('Adgangskoden er forkert. Kontoen er ikke slettet.').waitFor();
    await dialog.getByLabel('Din adgangskode').fill(password);
    await snapshot(page, 'delete-account-confirm');
    await dialog.getByRole('button', { name: 'Slet konto permanent' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByText('Din konto er slettet').waitFor();
    assert.equal(await page.getByRole('banner').getByText('Frida Forlader').count(), 0);

    // The old session is over and the password opens nothing.
    const me = await page.request.get(`${product.url}/api/users/me`);
    assert.equal(me.status(), 401);
    await logIn(page, product.url, { email, password });
    await page.getByText('Forkert email eller adgangskode').waitFor();
    await page.context().close();
  });

  it('when a customer with a task not yet finished asks to delete the account, then the Danish reason shows and nothing changes', async () => {
    const email = `travl-${Date.now()}@example.dk`;
    const password = 'hemmelig-8';
    const registered = await fetch(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
      body: JSON.stringify({ name: 'Tove Travl', email, password, role: 'customer', acceptTerms: true }),
    });
    const { token } = (await registered.json()) as { token: string };
    const posted = await fetch(`${product.url}/api/tasks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        type: 'courier',
        from_address: 'Vestergade 12, 8000 Aarhus C',
        to_address: 'Nørregade 5, 1165 København K',
        description: 'En pakke',
        details: { packageSize: 'small', packageWeight: 2.5 },
      }),
    });
    if (posted.status !== 201) throw new Error(`task answered ${posted.status}: ${await posted.text()}`);

    const page = await product.newPage();
    await logIn(page, product.url, { email, password }, '/profile');
    await page.waitForURL(/\/profile$/);
    await page.getByRole('button', { name: 'Slet konto' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Slet din konto?' });
    await dialog.getByLabel('Din adgangskode').fill(password);
    await dialog.getByRole('button', { name: 'Slet konto permanent' }).click();
    await page.getByText(/^Kontoen kan ikke slettes, mens du har opgaver/).waitFor();
    await page.goto(`${product.url}/profile`);
    await page.getByRole('banner').getByText('Tove Travl').waitFor();
    await page.context().close();
  });
});
