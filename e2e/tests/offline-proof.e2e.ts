/**
 * Proofs without signal (issue 29): a carrier's pickup proof submitted with no connection — or while the server answers
 * 503 — is kept on the phone (IndexedDB) with the Idempotency-Key of the press, shown as 'Venter på forbindelse –
 * sendes automatisk', survives a reload without signal (the service worker serves the app shell), and is sent when the
 * connection returns: the task is picked up exactly once and the proof is on the fragtbrev.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
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
  image_urls: string[];
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

const PHOTO_KEPT = 'Sendes når der er forbindelse';

/** A small real PNG (8 × 8, one colour), as a phone's camera would hand the picker a picture. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.from([0, ...Array.from({ length: size }, () => [200, 60, 40]).flat()])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** The proof photos kept on this device for drafts (IndexedDB `fragtbud-drafts`): their file names and sizes. */
async function photosOnDevice(page: Page): Promise<{ filename: string; size: number }[]> {
  return page.evaluate(
    () =>
      new Promise<{ filename: string; size: number }[]>((resolve, reject) => {
        const opened = indexedDB.open('fragtbud-drafts', 1);
        opened.onupgradeneeded = () => opened.result.createObjectStore('files', { keyPath: 'key' }).createIndex('draft', 'draft');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const all = opened.result.transaction('files', 'readonly').objectStore('files').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            resolve((all.result as { filename: string; bytes: ArrayBuffer }[]).map((file) => ({ filename: file.filename, size: file.bytes.byteLength })));
            opened.result.close();
          };
        };
      }),
  );
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

  it('when the carrier adds a photo without signal, then it is kept on the phone through a reload, goes with the proof from the queue, and the proof arrives once with the photo', async () => {
    const { id: taskId, customerToken } = await paidTask();
    const context = await product.browser.newContext({ locale: 'da-DK', permissions: ['geolocation'], geolocation: copenhagen });
    const page = await context.newPage();
    const proofPosts: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/tasks/${taskId}/proofs`) proofPosts.push(request.headers()['idempotency-key'] ?? '');
    });
    await logIn(page, product.url, demo.carrier, `/task/${taskId}`);
    await page.waitForURL(new RegExp(`/task/${taskId}$`));
    await currentStep(page, 'Betalt').waitFor();
    await shellCached(page);

    // No signal: the photo taken (the file chooser, as the phone's camera) cannot be uploaded and is kept.
    await page.getByRole('button', { name: 'Bekræft afhentning' }).click();
    let dialog = page.getByRole('dialog', { name: 'Bekræft afhentning' });
    await context.setOffline(true);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByText('Tilføj billeder', { exact: true }).click()]);
    await chooser.setFiles({ name: 'palle.png', mimeType: 'image/png', buffer: smallPng() });
    await dialog.getByText(PHOTO_KEPT).waitFor();
    await dialog.getByRole('img', { name: 'Billede 1' }).waitFor();
    await dialog.getByLabel('Note').fill('Billedet er taget i kælderen');
    await snapshot(page, 'offline-proof-05-photo-kept');
    assert.equal((await photosOnDevice(page)).length, 1);

    // A reload without signal: the page's memory is gone, the photo's bytes are still on the phone.
    await page.reload();
    await page.locator('body').waitFor();
    const onDevice = await photosOnDevice(page);
    assert.equal(onDevice.length, 1, 'the photo survived the reload');
    assert.ok((onDevice[0]?.size ?? 0) > 0);

    // A bar of signal: the task page loads and the proof reopens from its draft, the photo in it, still marked.
    await context.setOffline(false);
    await page.reload();
    dialog = page.getByRole('dialog', { name: 'Bekræft afhentning' });
    await dialog.getByText(PHOTO_KEPT).waitFor();
    const thumbnail = dialog.getByRole('img', { name: 'Billede 1' });
    assert.match((await thumbnail.getAttribute('src')) ?? '', /^blob:/);
    assert.equal(await dialog.getByLabel('Note').inputValue(), 'Billedet er taget i kælderen');
    await snapshot(page, 'offline-proof-06-photo-restored');

    // Gone again at the press: the proof waits in the queue with the photo; the draft's copy leaves the phone.
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Indsend bevis' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.delivery-panel').getByRole('status').filter({ hasText: WAITING }).waitFor();
    for (let waited = 0; (await photosOnDevice(page)).length > 0 && waited < 5_000; waited += 100) await page.waitForTimeout(100);
    assert.deepEqual(await photosOnDevice(page), [], 'the queue entry holds the photo now, the draft does not');
    assert.deepEqual(await proofsOf(taskId, customerToken), []);

    // Back online: the photo is uploaded, then the proof goes, once, with the photo.
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Afhentning bekræftet' }).first().waitFor({ timeout: 30_000 });
    const proofs = await proofsOf(taskId, customerToken);
    assert.equal(proofs.length, 1, 'exactly one proof');
    assert.equal(proofs[0]?.image_urls.length, 1, 'with the photo');
    assert.equal(new Set(proofPosts).size, 1, `one Idempotency-Key: ${proofPosts.join(', ')}`);
    assert.equal(await statusOf(taskId, customerToken), 'picked_up');
    const image = await fetch(new URL(proofs[0]?.image_urls[0] ?? '', product.url), { headers: { authorization: `Bearer ${customerToken}` } });
    assert.equal(image.status, 200);
    assert.match(image.headers.get('content-type') ?? '', /^image\//);
    assert.ok((await image.arrayBuffer()).byteLength > 0);
    await snapshot(page, 'offline-proof-07-photo-sent');
    await context.close();
  });
});
