/**
 * Proofs without signal (issue 29): a carrier's pickup proof submitted with no connection — or while the server answers
 * 503 — is kept on the phone (IndexedDB) with the Idempotency-Key of the press, shown as 'Venter på forbindelse –
 * sendes automatisk', survives a reload without signal (the service worker serves the app shell), and is sent when the
 * connection returns: the task is picked up exactly once and the proof is on the fragtbrev.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

const product = productSuite();
const copenhagen = { latitude: 55.6761, longitude: 12.5683 };
const WAITING = 'Venter på forbindelse – sendes automatisk';

interface ProofJson {
  id: number;
  type: string;
  signature_image: string | null;
  lat: number | null;
  captured_at: string | null;
  created_at: string;
}

/** A furniture task of the demo customer with the demo carrier's bid accepted and paid (mock provider). */
async function paidTask(): Promise<{ id: number; customerToken: string }> {
  const customerToken = await bearerTokenOf(product.url, demo.customer);
  const carrierToken = await bearerTokenOf(product.url, demo.carrier);
  const task = await apiCall<{ id: number }>(product.url, '/tasks', customerToken, {
    method: 'POST',
    body: { type: 'furniture', from_address: 'Vestergade 5, 8000 Aarhus C', to_address: 'Østergade 2, 9000 Aalborg', description: 'Et skab', details: { furnitureType: 'table', numberOfItems: 1 } },
  });
  const bid = await apiCall<{ id: number }>(product.url, '/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 1500 } });
  await apiCall(product.url, `/bids/${bid.id}/accept`, customerToken, { method: 'POST', body: {} });
  const intent = await apiCall<{ paymentIntentId: string }>(product.url, '/payments/intents', customerToken, { method: 'POST', body: { taskId: task.id, currency: 'DKK' } });
  await apiCall(product.url, `/payments/mock/${intent.paymentIntentId}/complete`, customerToken, { method: 'POST', body: {} });
  for (let tries = 0; tries < 100; tries += 1) {
    const current = await apiCall<{ status: string }>(product.url, `/tasks/${task.id}`, customerToken);
    if (current.status === 'paid') return { id: task.id, customerToken };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${task.id} never became paid`);
}

const proofsOf = async (taskId: number, token: string) => (await apiCall<{ items: ProofJson[] }>(product.url, `/tasks/${taskId}/proofs`, token)).items;
const statusOf = async (taskId: number, token: string) => (await apiCall<{ status: string }>(product.url, `/tasks/${taskId}`, token)).status;

function currentStep(page: Page, label: string) {
  return page.getByRole('list', { name: 'Opgavens forløb' }).locator('[aria-current="step"]').filter({ hasText: label });
}

/** Draws a short zigzag on the signature canvas with the mouse. */
async function sign(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  assert.ok(box, 'the signature canvas is on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 30 + step * 25, y + (step % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

/** The carrier on the task page, the proof form filled in (position, signature, signer, note), not yet sent. */
async function fillPickupProof(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Bekræft afhentning' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bekræft afhentning' });
  await dialog.getByRole('button', { name: 'Hent min position' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Position hentet: 55,67610° N, 12,56830° Ø' }).waitFor();
  await sign(page, dialog.getByRole('img', { name: 'Underskrift: tegn med mus eller finger' }));
  await dialog.getByRole('img', { name: 'Underskrift: underskrevet' }).waitFor();
  await dialog.getByLabel('Navn på underskriver').fill('Søren Ærø');
  await dialog.getByLabel('Note').fill('Kælderen, ingen dækning');
  return dialog;
}

/** The service worker controls the page and holds the app shell: the page and every script it started with. */
async function shellCached(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker?.controller) return false;
      const cache = await caches.open('fragtbud-shell-v1');
      const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
      const scripts = [...document.scripts].map((script) => script.src).filter(Boolean);
      return cached.has('/index.html') && scripts.every((src) => cached.has(new URL(src).pathname));
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}

describe('proofs without signal', () => {
  it('when the carrier submits a pickup proof offline, reloads offline and comes back online, then it is sent once with its capture time and shows on the fragtbrev', async () => {
    const { id: taskId, customerToken } = await paidTask();
    const context: BrowserContext = await product.browser.newContext({ locale: 'da-DK', permissions: ['geolocation'], geolocation: copenhagen });
    const page = await context.newPage();
    const proofPosts: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/tasks/${taskId}/proofs`) proofPosts.push(request.headers()['idempotency-key'] ?? '');
    });
    await logIn(page, product.url, demo.carrier, `/task/${taskId}`);
    await page.waitForURL(new RegExp(`/task/${taskId}$`));
    await currentStep(page, 'Betalt').waitFor();
    await shellCached(page);

    // The installable app: the manifest is linked and Danish.
    const manifest = (await (await page.request.get(`${product.url}/manifest.webmanifest`)).json()) as { name: string; lang: string; display: string };
    assert.deepEqual([manifest.name, manifest.lang, manifest.display], ['Fragtbud', 'da-DK', 'standalone']);
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.webmanifest');

    const dialog = await fillPickupProof(page);
    await context.setOffline(true);
    const pressedAt = Date.now();
    await dialog.getByRole('button', { name: 'Indsend bevis' }).click();
    await dialog.waitFor({ state: 'detached' });
    const panelWaiting = page.locator('.delivery-panel').getByRole('status').filter({ hasText: WAITING });
    await panelWaiting.waitFor();
    assert.match((await panelWaiting.textContent()) ?? '', new RegExp(`Afhentningsbevis · opgave #${taskId}`));
    // Not taken twice: the pickup button is gone while the proof waits.
    assert.equal(await page.getByRole('button', { name: 'Bekræft afhentning' }).count(), 0);
    await snapshot(page, 'offline-proof-01-waiting');
    assert.equal(await statusOf(taskId, customerToken), 'paid');
    assert.deepEqual(await proofsOf(taskId, customerToken), []);

    // A reload without signal: the service worker serves the shell, the queue is still on the phone and shown.
    await page.reload();
    const strip = page.getByRole('region', { name: 'Venter på at blive sendt' });
    await strip.getByRole('status').filter({ hasText: WAITING }).waitFor();
    await strip.getByRole('link', { name: `Afhentningsbevis · opgave #${taskId}` }).waitFor();
    await snapshot(page, 'offline-proof-02-reloaded-offline');
    assert.deepEqual(await proofsOf(taskId, customerToken), []);

    // The connection returns: the queue sends it (the signature uploaded first), and the strip goes away.
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Afhentning bekræftet' }).first().waitFor({ timeout: 30_000 });
    await strip.waitFor({ state: 'detached' });
    const proofs = await proofsOf(taskId, customerToken);
    assert.equal(proofs.length, 1, 'exactly one proof');
    const [proof] = proofs;
    assert.ok(proof);
    assert.equal(proof.type, 'pickup');
    assert.ok(proof.signature_image, 'the signature drawn offline was uploaded');
    assert.equal(proof.lat, copenhagen.latitude);
    assert.ok(proof.captured_at, 'the capture time came along');
    const captured = Date.parse(proof.captured_at);
    assert.ok(Math.abs(captured - pressedAt) < 10_000, 'captured when the button was pressed');
    assert.ok(Date.parse(proof.created_at) > captured, 'arrived after it was captured');
    assert.equal(await statusOf(taskId, customerToken), 'picked_up');
    // Every try carried the key made at the press (the offline tries never left the browser).
    assert.ok(proofPosts.length >= 1);
    assert.equal(new Set(proofPosts).size, 1, `one Idempotency-Key: ${proofPosts.join(', ')}`);

    // The task page shows it picked up, and the fragtbrev tab the proof with when it was taken and when it arrived.
    await page.goto(`${product.url}/task/${taskId}?tab=consignment`);
    await currentStep(page, 'Afhentet').waitFor();
    await page.getByText('Underskrevet af Søren Ærø').waitFor();
    await page.getByText(/^Taget .* · modtaget /).first().waitFor();
    const note = await apiCall<{ proofs?: { captured_at: string | null; received_at: string }[] }>(product.url, `/tasks/${taskId}/freight-note`, customerToken);
    assert.equal(note.proofs?.length, 1);
    assert.equal(note.proofs?.[0]?.captured_at, proof.captured_at);
    await snapshot(page, 'offline-proof-03-sent');
    await context.close();
  });

  it('when the server answers 503 for a while, then the proof waits on the phone and is sent once when the server is back', async () => {
    const { id: taskId, customerToken } = await paidTask();
    // Without the service worker, so page.route sees every request.
    const context = await product.browser.newContext({ locale: 'da-DK', permissions: ['geolocation'], geolocation: copenhagen, serviceWorkers: 'block' });
    const page = await context.newPage();
    await logIn(page, product.url, demo.carrier, `/task/${taskId}`);
    await page.waitForURL(new RegExp(`/task/${taskId}$`));
    await currentStep(page, 'Betalt').waitFor();

    const refused: string[] = [];
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/tasks/${taskId}/proofs`) sent.push(request.headers()['idempotency-key'] ?? '');
    });
    const proofUrl = `**/api/tasks/${taskId}/proofs`;
    const unavailable = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      if (route.request().method() !== 'POST') return route.continue();
      refused.push(route.request().headers()['idempotency-key'] ?? '');
      return route.fulfill({ status: 503, json: { code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig' } });
    };
    await page.route(proofUrl, unavailable);

    const dialog = await fillPickupProof(page);
    await dialog.getByRole('button', { name: 'Indsend bevis' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.delivery-panel').getByRole('status').filter({ hasText: WAITING }).waitFor();
    // The queue tries again while the server is away (every 10 s): still 503, still waiting, nothing stored.
    for (let waited = 0; refused.length < 2 && waited < 30_000; waited += 250) await page.waitForTimeout(250);
    assert.ok(refused.length >= 2, `tried again while the server answered 503 (${refused.length})`);
    await page.locator('.delivery-panel').getByRole('status').filter({ hasText: WAITING }).waitFor();
    assert.deepEqual(await proofsOf(taskId, customerToken), []);

    await page.unroute(proofUrl, unavailable);
    await page.getByRole('status').filter({ hasText: 'Afhentning bekræftet' }).first().waitFor({ timeout: 30_000 });
    await currentStep(page, 'Afhentet').waitFor();
    assert.equal(await page.locator('.delivery-panel').getByText(WAITING).count(), 0);
    assert.equal((await proofsOf(taskId, customerToken)).length, 1, 'exactly one proof');
    assert.equal(await statusOf(taskId, customerToken), 'picked_up');
    assert.equal(new Set([...refused, ...sent]).size, 1, 'every try with the key of the press');
    await snapshot(page, 'offline-proof-04-after-503');
    await context.close();
  });
});
