import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { logIn, logOut } from '../support/session';

const product = productSuite();

describe('a visitor', () => {
  it('when they open the site, then the Danish home page shows the five task types and the empty reviews', async () => {
    const page = await product.newPage();
    await page.goto(product.url);
    await page.getByText('Der er endnu ingen anmeldelser at vise.').waitFor();
    for (const label of ['Flytning', 'Kurertransport', 'Palle og pakker', 'Møbeltransport', 'Fulloads']) {
      assert.ok((await page.getByRole('link', { name: new RegExp(label, 'i') }).count()) >= 2, `${label} in hero and service grid`);
    }
    await page.getByRole('heading', { name: 'Vores service' }).waitFor();
    const footer = page.getByRole('contentinfo');
    for (const label of ['MobilePay', 'Visa', 'Mastercard']) await footer.getByText(label, { exact: true }).waitFor();
    await snapshot(page, 'home');
    await page.context().close();
  });

  it('when they register as a customer, log out and log in again, then the header follows who they are', async () => {
    const page = await product.newPage();
    const email = `mette-${Date.now()}@example.dk`;
    await page.goto(`${product.url}/register`);
    const form = page.getByRole('form', { name: 'Opret bruger' });
    assert.equal(await form.getByLabel('Firma', { exact: true }).count(), 0, 'company is for carriers only');
    await form.getByLabel('Navn').fill('Mette Hansen');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Adgangskode', { exact: true }).fill('hemmelig1');
    await form.getByLabel('Gentag adgangskode').fill('hemmelig2');
    await form.getByRole('button', { name: 'Opret bruger' }).click();
    await form.getByText('Adgangskoder matcher ikke').waitFor();
    await form.getByText('Du skal acceptere handelsbetingelserne og privatlivspolitikken for at oprette en bruger.').waitFor();

    await form.getByLabel('Gentag adgangskode').fill('hemmelig1');
    await form.getByRole('checkbox', { name: 'Jeg accepterer Handelsbetingelser og Privatlivspolitik' }).check();
    await form.getByRole('button', { name: 'Opret bruger' }).click();
    await page.waitForURL(`${product.url}/dashboard`);
    const header = page.getByRole('banner');
    await header.getByText('Mette Hansen').waitFor();
    await header.getByText('Kunde').waitFor();
    await snapshot(page, 'dashboard-customer');

    await logOut(page);
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL(`${product.url}/login?next=/dashboard`);

    await logIn(page, product.url, { email, password: 'forkert123' });
    await page.getByText('Forkert email eller adgangskode').waitFor();
    await logIn(page, product.url, { email, password: 'hemmelig1' }, '/profile');
    await page.waitForURL(`${product.url}/profile`);
    await header.getByText('Mette Hansen').waitFor();
    await page.context().close();
  });

  it('when a visitor chooses carrier, then company and phone are asked for', async () => {
    const page = await product.newPage();
    await page.goto(`${product.url}/register`);
    const form = page.getByRole('form', { name: 'Opret bruger' });
    await form.getByRole('radio', { name: 'Vognmand' }).check();
    await form.getByLabel('Firma', { exact: true }).waitFor();
    await form.getByLabel('Telefon').waitFor();
    await page.context().close();
  });
});

describe('the route table', () => {
  it('when an anonymous visitor opens protected or unknown paths, then they are redirected as the spec says', async () => {
    const page = await product.newPage();
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL(`${product.url}/login?next=/dashboard`);
    await page.goto(`${product.url}/tasks`);
    await page.waitForURL(`${product.url}/login?next=/tasks`);
    await page.goto(`${product.url}/findes/ikke`);
    await page.waitForURL(`${product.url}/`);
    await page.context().close();
  });

  it('when a customer opens admin pages or a non-numeric task, then they are refused', async () => {
    const page = await product.newPage();
    await logIn(page, product.url, demo.customer);
    await page.waitForURL(`${product.url}/dashboard`);
    await page.goto(`${product.url}/AdminDashboard`);
    await page.waitForURL(`${product.url}/dashboard`);
    await page.goto(`${product.url}/task/abc`);
    await page.getByText('Ugyldigt opgave-id').waitFor();
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' }).count(), 0);
    await page.context().close();
  });
});
