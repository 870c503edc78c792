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

/** A session token for API calls beside the browser: asked for explicitly, as the browser gets only the HttpOnly cookie. */
export async function bearerTokenOf(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
    body: JSON.stringify(account),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`login answered ${response.status} without a token`);
  return token;
}

/** A JSON call to the product's API as an API client (bearer token); throws with the answer when it is not 2xx. */
export async function apiCall<T>(baseUrl: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST /api/upload/document as an API client: stores the bytes as the token's user's document; answers its file_url. */
export async function uploadDocument(baseUrl: string, token: string, file: { bytes: Uint8Array; name: string; type: string }): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}/api/upload/document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!response.ok) throw new Error(`POST /upload/document answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { file_url: string }).file_url;
}
