import type { Page } from 'playwright-core';

export async function logIn(page: Page, baseUrl: string, account: { email: string; password: string }, next?: string) {
  await page.goto(`${baseUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  const form = page.getByRole('form', { name: 'Log ind' });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel('Adgangskode', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log ind' }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log ud' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Log ind' }).waitFor();
}
