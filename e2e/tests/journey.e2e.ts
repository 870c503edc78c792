import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { logIn } from '../support/session';

const product = productSuite();

/** A small solid PNG (the proof photo), encoded here so the test needs no fixture file. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photoPng = solidPng(64, 48, [200, 120, 40]);

/** Copenhagen, where the carrier's browser says it is when the delivery proof asks for the position. */
const copenhagen = { latitude: 55.6761, longitude: 12.5683 };

const customerComment = 'Hurtig og venlig vognmand, alt kom helt frem';
const carrierComment = 'Rar kunde, godt pakket';

async function newContext(options: Parameters<typeof product.browser.newContext>[0] = {}): Promise<BrowserContext> {
  const context = await product.browser.newContext({ locale: 'da-DK', ...options });
  context.setDefaultTimeout(20_000);
  return context;
}

/** The id of the newest task card whose text contains `text` on the browse page. */
async function cardId(page: Page, text: string): Promise<number> {
  const card = page.getByRole('article').filter({ hasText: text }).first();
  await card.waitFor();
  const heading = await card.getByRole('heading').textContent();
  return Number(heading?.match(/#(\d+)/)?.[1]);
}

/** The step of the progress bar at the top of the task page that is the task's current status. */
function currentStep(page: Page, label: string) {
  return page.getByRole('list', { name: 'Opgavens forløb' }).locator('[aria-current="step"]').filter({ hasText: label });
}

/** Draws a short zigzag on the signature canvas with the mouse. */
async function sign(page: Page, canvas: ReturnType<Page['getByRole']>) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  assert.ok(box, 'the signature canvas is on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 30 + step * 25, y + (step % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

describe('journey', () => {
  it('guest posts → customer posts → carrier bids → customer pays → pickup, transit, delivery, finish → both rate → the carrier asks for the payout, the admin marks it paid in the Ledger, the carrier sees Udbetalt → home shows it; the PDF downloads', async () => {
    // 1. A guest posts a moving task from the home page.
    const guest = await newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(product.url);
    await guestPage.getByRole('list', { name: 'Vælg opgavetype' }).getByRole('link', { name: /Flytning/ }).click();
    await guestPage.waitForURL(/\/create-task\?type=moving&guest=1/);
    await guestPage.getByLabel('Afhentningsadresse').fill('Nørregade 1, 1165 København K');
    await guestPage.getByLabel('Leveringsadresse').fill('Vestergade 5, 8000 Aarhus C');
    await guestPage.getByLabel('Boligens størrelse').selectOption({ index: 1 });
    await guestPage.getByLabel('Telefonnummer').fill('12345678');
    await guestPage.getByLabel('E-mail', { exact: false }).fill('gaest@example.dk');
    await guestPage.getByRole('button', { name: 'Fortsæt' }).click();
    await guestPage.getByRole('button', { name: 'Opret opgave' }).click();
    await guestPage.waitForURL(/\/task-created\/\d+\?mail=1/);
    await guestPage.getByText('Vi har sendt et link til din e-mail').waitFor();
    await guestPage.getByRole('link', { name: 'Se alle opgaver' }).click();
    assert.ok((await cardId(guestPage, '8000 Aarhus C')) > 0, 'the guest\'s task is listed');
    await snapshot(guestPage, 'journey-01-guest-posted');
    await guest.close();

    // 2. The demo customer posts a furniture task through the wizard.
    const customer = await newContext();
    const customerPage = await customer.newPage();
    await logIn(customerPage, product.url, demo.customer);
    await customerPage.waitForURL(/\/dashboard/);
    await customerPage.goto(`${product.url}/create-task?type=furniture`);
    await customerPage.getByLabel('Afhentningsadresse').fill('Kongensgade 10, 5000 Odense C');
    await customerPage.getByLabel('Leveringsadresse').fill('Ærøvej 3, 4000 Roskilde');
    await customerPage.getByLabel('Møbeltype').selectOption('sofa');
    await customerPage.getByLabel('Antal møbler').fill('1');
    await customerPage.getByLabel('Beskrivelse af opgaven').fill('En grøn sofa til flytning');
    await customerPage.getByRole('button', { name: 'Fortsæt' }).click();
    await customerPage.getByRole('button', { name: 'Opret opgave' }).click();
    await customerPage.waitForURL(/\/browse-tasks/);
    const taskId = await cardId(customerPage, '4000 Roskilde');
    assert.ok(taskId > 0, 'the customer\'s task is listed');
    const taskPath = `/task/${taskId}`;

    // 3. The approved demo carrier bids through the bid modal. Its browser is in Copenhagen, with permission to say so.
    const carrier = await newContext({ permissions: ['geolocation'], geolocation: copenhagen });
    const carrierPage = await carrier.newPage();
    await logIn(carrierPage, product.url, demo.carrier, `${taskPath}?tab=bids`);
    await carrierPage.waitForURL(new RegExp(`${taskPath}\\?tab=bids`));
    await carrierPage.getByRole('button', { name: 'Byd på opgaven' }).click();
    const bidDialog = carrierPage.getByRole('dialog', { name: `Afgiv bud på opgave #${taskId}` });
    await bidDialog.getByLabel('Din pris ekskl. moms (DKK)').fill('1000');
    await bidDialog.getByRole('region', { name: 'Din udbetaling' }).getByText(/Du får udbetalt/).waitFor();
    await snapshot(carrierPage, 'journey-02-bid-modal');
    await bidDialog.getByRole('button', { name: 'Afgiv bud' }).click();
    await carrierPage.getByRole('status').filter({ hasText: 'Bud afgivet' }).waitFor();
    await carrierPage.getByRole('row', { name: /Demo Vognmand/ }).waitFor();

    // 4. The customer chooses the bid, then pays with the mock test card.
    await customerPage.goto(`${product.url}${taskPath}?tab=bids`);
    const bidRow = customerPage.getByRole('tabpanel').getByRole('row', { name: /Demo Vognmand/ });
    await bidRow.getByRole('button', { name: /Vælg bud/ }).click();
    await customerPage.getByRole('alertdialog', { name: 'Vælg bud fra Demo Vognmand?' }).getByRole('button', { name: 'Vælg bud' }).click();
    await customerPage.getByRole('status').filter({ hasText: 'Opgaven er tildelt' }).waitFor();
    await currentStep(customerPage, 'Tildelt').waitFor();

    await customerPage.getByRole('tab', { name: 'Detaljer' }).click();
    const customerActions = customerPage.getByRole('region', { name: 'Handlinger' });
    await customerActions.getByRole('button', { name: /^Betal/ }).click();
    const payDialog = customerPage.getByRole('dialog', { name: 'Betal opgaven' });
    const cardForm = payDialog.getByRole('form', { name: 'Testbetaling' });
    await cardForm.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
    await snapshot(customerPage, 'journey-03-pay-modal');
    await cardForm.getByRole('button', { name: /^Betal/ }).click();
    // The modal polls the task up to 8 times, 2.5 s apart.
    await customerPage.getByText('Betalingen blev gennemført succesfuldt!').waitFor({ timeout: 30_000 });
    await currentStep(customerPage, 'Betalt').waitFor({ timeout: 30_000 });
    await customerPage.locator('.task-page__meta').getByText('Betalt', { exact: true }).waitFor();
    await snapshot(customerPage, 'journey-04-paid');

    // 5. The carrier confirms pickup with a photo and a signature.
    await carrierPage.goto(`${product.url}${taskPath}`);
    await currentStep(carrierPage, 'Betalt').waitFor();
    await carrierPage.getByRole('button', { name: 'Bekræft afhentning' }).click();
    const pickup = carrierPage.getByRole('dialog', { name: 'Bekræft afhentning' });
    await pickup.getByLabel('Tilføj billeder').setInputFiles({ name: 'afhentning.png', mimeType: 'image/png', buffer: photoPng });
    await pickup.getByRole('img', { name: 'Billede 1' }).waitFor();
    await pickup.getByText('1 af 6').waitFor();
    await sign(carrierPage, pickup.getByRole('img', { name: 'Underskrift: tegn med mus eller finger' }));
    await pickup.getByRole('img', { name: 'Underskrift: underskrevet' }).waitFor();
    await pickup.getByLabel('Navn på underskriver').fill('Søren Ærø');
    await snapshot(carrierPage, 'journey-05-pickup-proof');
    await pickup.getByRole('button', { name: 'Indsend bevis' }).click();
    await pickup.waitFor({ state: 'detached' });
    await carrierPage.getByRole('status').filter({ hasText: 'Afhentning bekræftet' }).waitFor();
    await currentStep(carrierPage, 'Afhentet').waitFor();

    // 6. … marks the task as on its way …
    await carrierPage.getByRole('button', { name: 'Markér som på vej' }).click();
    await carrierPage.getByRole('status').filter({ hasText: 'Markeret som på vej' }).waitFor();
    await currentStep(carrierPage, 'På vej').waitFor();

    // 7. … confirms delivery with the browser's position …
    await carrierPage.getByRole('button', { name: 'Bekræft levering' }).click();
    const delivery = carrierPage.getByRole('dialog', { name: 'Bekræft levering' });
    await delivery.getByRole('button', { name: 'Hent min position' }).click();
    await delivery.getByRole('status').filter({ hasText: 'Position hentet: 55,67610° N, 12,56830° Ø' }).waitFor();
    await delivery.getByLabel('Navn på underskriver').fill('Åse Modtager');
    await snapshot(carrierPage, 'journey-06-delivery-proof');
    await delivery.getByRole('button', { name: 'Indsend bevis' }).click();
    await delivery.waitFor({ state: 'detached' });
    await carrierPage.getByRole('status').filter({ hasText: 'Levering bekræftet' }).waitFor();
    await currentStep(carrierPage, 'Leveret').waitFor();

    // 8. … and finishes it.
    await carrierPage.getByRole('button', { name: 'Afslut opgave' }).click();
    await carrierPage.getByRole('alertdialog', { name: 'Afslut opgaven?' }).getByRole('button', { name: 'Afslut opgave' }).click();
    await carrierPage.getByRole('status').filter({ hasText: 'Opgaven er afsluttet' }).waitFor();
    await currentStep(carrierPage, 'Afsluttet').waitFor();
    await snapshot(carrierPage, 'journey-07-completed');

    // 9. The customer rates the carrier.
    await customerPage.goto(`${product.url}${taskPath}`);
    await currentStep(customerPage, 'Afsluttet').waitFor();
    const customerReview = customerPage.getByRole('region', { name: 'Vurder vognmanden' });
    await customerReview.getByRole('radio', { name: 'Fremragende' }).check();
    await customerReview.getByLabel('Kommentar').fill(customerComment);
    await customerReview.getByRole('button', { name: 'Send vurdering' }).click();
    await customerPage.getByRole('status').filter({ hasText: 'Tak for din vurdering!' }).waitFor();
    await snapshot(customerPage, 'journey-08-customer-rated');
    // What they gave stays on the task, after a reload too.
    await customerPage.reload();
    await customerPage.getByRole('region', { name: 'Din vurdering' }).getByText(customerComment).waitFor();

    // 10. The carrier rates the customer.
    await carrierPage.goto(`${product.url}${taskPath}`);
    const carrierReview = carrierPage.getByRole('region', { name: 'Vurder kunden' });
    await carrierReview.getByRole('radio', { name: 'God' }).check();
    await carrierReview.getByLabel('Kommentar').fill(carrierComment);
    await carrierReview.getByRole('button', { name: 'Send vurdering' }).click();
    await carrierPage.getByRole('status').filter({ hasText: 'Tak for din vurdering!' }).waitFor();

    // 10b. The carrier (the demo carrier has bank details) asks for the payout; then the admin marks it paid in the
    // Ledger tab, and the carrier sees 'Udbetalt'. A carrier without bank details is refused (svc-ledger's and the
    // finance panel's tests).
    await carrierPage.goto(`${product.url}/profile?tab=financial`);
    const finance = carrierPage.getByRole('region', { name: 'Økonomi' });
    await finance.getByRole('button', { name: 'Anmod om udbetaling' }).click();
    await finance.getByRole('status').filter({ hasText: 'Udbetalingsanmodning oprettet' }).waitFor();
    await finance.getByRole('cell', { name: 'Udbetaling (afventer)' }).waitFor();
    const admin = await newContext();
    const adminPage = await admin.newPage();
    await logIn(adminPage, product.url, demo.admin, '/AdminDashboard?tab=ledger&type=payout&status=pending');
    const ledger = adminPage.getByRole('tabpanel');
    await ledger.getByRole('cell', { name: 'Udbetaling (afventer)' }).first().waitFor();
    await ledger.getByLabel(/^Reference for udbetaling/).first().fill('BANK-2026-001');
    await snapshot(adminPage, 'journey-08b-ledger-payout');
    await ledger.getByRole('button', { name: 'Markér som udbetalt' }).first().click();
    const markPaid = adminPage.getByRole('alertdialog', { name: 'Markér udbetalingen som udbetalt?' });
    await markPaid.getByText(/med reference BANK-2026-001\. Det kan ikke fortrydes\./).waitFor();
    await markPaid.getByRole('button', { name: 'Markér som udbetalt' }).click();
    // Paid, it leaves the list of waiting payouts.
    await ledger.getByRole('cell', { name: 'Udbetaling (afventer)' }).waitFor({ state: 'detached' });
    await adminPage.goto(`${product.url}/AdminDashboard?tab=ledger&type=payout`);
    await adminPage.getByRole('tabpanel').getByRole('cell', { name: 'BANK-2026-001' }).waitFor();
    await admin.close();
    await carrierPage.reload();
    await carrierPage.getByRole('region', { name: 'Økonomi' }).getByRole('cell', { name: 'Udbetalt' }).waitFor();
    await snapshot(carrierPage, 'journey-08c-carrier-paid-out');
    await carrier.close();

    // 11. The home page's reviews show the customer's comment.
    await customerPage.goto(product.url);
    const reviews = customerPage.getByRole('region', { name: 'Det siger vores kunder' });
    const customerReviewCard = reviews.getByRole('listitem').filter({ hasText: customerComment });
    await customerReviewCard.waitFor();
    await customerReviewCard.getByText('5 ud af 5 stjerner').waitFor();
    await snapshot(customerPage, 'journey-09-home-reviews');

    // 12. The consignment note tab shows the proofs, and 'Gem som PDF' downloads a PDF.
    await customerPage.goto(`${product.url}${taskPath}?tab=consignment`);
    const note = customerPage.getByRole('article', { name: `Fragtbrev for opgave #${taskId}` });
    await note.getByText('Underskrevet af Søren Ærø').waitFor();
    await note.getByText('Position 55,67610° N, 12,56830° Ø').waitFor();
    await snapshot(customerPage, 'journey-10-consignment');
    const [download] = await Promise.all([customerPage.waitForEvent('download'), note.getByRole('link', { name: 'Gem som PDF' }).click()]);
    assert.equal(download.suggestedFilename(), `fragtbrev-${taskId}.pdf`);
    const downloadedPath = await download.path();
    assert.ok(downloadedPath, 'the download was saved');
    const pdf = await readFile(downloadedPath);
    assert.equal(pdf.subarray(0, 4).toString('latin1'), '%PDF', 'the download is a PDF');
    assert.ok(pdf.length > 1000, `the PDF has content (${pdf.length} bytes)`);
    await customer.close();
  });

  it('a paid task cancelled by the admin → the card is refunded → the customer and the carrier are told live (Beskeder) and by mail', async () => {
    // A paid task: the demo customer posts, the demo carrier bids, the customer chooses the bid and pays.
    const customer = await newContext();
    const customerPage = await customer.newPage();
    await logIn(customerPage, product.url, demo.customer);
    await customerPage.waitForURL(/\/dashboard/);
    await customerPage.goto(`${product.url}/create-task?type=furniture`);
    await customerPage.getByLabel('Afhentningsadresse').fill('Algade 2, 9000 Aalborg');
    await customerPage.getByLabel('Leveringsadresse').fill('Torvet 4, 6700 Esbjerg');
    await customerPage.getByLabel('Møbeltype').selectOption('sofa');
    await customerPage.getByLabel('Antal møbler').fill('1');
    await customerPage.getByLabel('Beskrivelse af opgaven').fill('En sofa der ikke skal flyttes alligevel');
    await customerPage.getByRole('button', { name: 'Fortsæt' }).click();
    await customerPage.getByRole('button', { name: 'Opret opgave' }).click();
    await customerPage.waitForURL(/\/browse-tasks/);
    const taskId = await cardId(customerPage, '6700 Esbjerg');
    assert.ok(taskId > 0, 'the customer\'s task is listed');
    const taskPath = `/task/${taskId}`;

    const carrier = await newContext();
    const carrierPage = await carrier.newPage();
    await logIn(carrierPage, product.url, demo.carrier, `${taskPath}?tab=bids`);
    await carrierPage.waitForURL(new RegExp(`${taskPath}\\?tab=bids`));
    await carrierPage.getByRole('button', { name: 'Byd på opgaven' }).click();
    const bidDialog = carrierPage.getByRole('dialog', { name: `Afgiv bud på opgave #${taskId}` });
    await bidDialog.getByLabel('Din pris ekskl. moms (DKK)').fill('800');
    await bidDialog.getByRole('button', { name: 'Afgiv bud' }).click();
    await carrierPage.getByRole('status').filter({ hasText: 'Bud afgivet' }).waitFor();

    await customerPage.goto(`${product.url}${taskPath}?tab=bids`);
    await customerPage.getByRole('tabpanel').getByRole('row', { name: /Demo Vognmand/ }).getByRole('button', { name: /Vælg bud/ }).click();
    await customerPage.getByRole('alertdialog', { name: 'Vælg bud fra Demo Vognmand?' }).getByRole('button', { name: 'Vælg bud' }).click();
    await currentStep(customerPage, 'Tildelt').waitFor();
    await customerPage.getByRole('tab', { name: 'Detaljer' }).click();
    await customerPage.getByRole('region', { name: 'Handlinger' }).getByRole('button', { name: /^Betal/ }).click();
    const cardForm = customerPage.getByRole('dialog', { name: 'Betal opgaven' }).getByRole('form', { name: 'Testbetaling' });
    await cardForm.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
    await cardForm.getByRole('button', { name: /^Betal/ }).click();
    await customerPage.getByText('Betalingen blev gennemført succesfuldt!').waitFor({ timeout: 30_000 });
    await currentStep(customerPage, 'Betalt').waitFor({ timeout: 30_000 });
    await customerPage.reload();
    await currentStep(customerPage, 'Betalt').waitFor();
    await carrierPage.goto(`${product.url}${taskPath}`);
    await currentStep(carrierPage, 'Betalt').waitFor();

    // The admin cancels it from the status menu, after confirming the consequence.
    const admin = await newContext();
    const adminPage = await admin.newPage();
    await logIn(adminPage, product.url, demo.admin, taskPath);
    await adminPage.waitForURL(new RegExp(taskPath));
    await adminPage.getByLabel('Skift status').selectOption('cancelled');
    await adminPage.getByRole('button', { name: 'Opdater status' }).click();
    const confirmCancel = adminPage.getByRole('alertdialog', { name: `Annullér opgave #${taskId}?` });
    await confirmCancel.getByText(/Det kan ikke fortrydes\./).waitFor();
    await confirmCancel.getByRole('button', { name: 'Annullér opgaven' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Status ændret til Annulleret.' }).waitFor();
    await admin.close();

    // Both open pages are told at once, without a reload: the customer of the refund, the carrier that the job is off.
    await customerPage
      .getByRole('region', { name: 'Beskeder' })
      .getByText(/^Opgaven er annulleret, og .+ DKK er refunderet til dit kort\. Pengene står normalt på din konto inden for 5–10 bankdage\.$/)
      .waitFor({ timeout: 30_000 });
    await snapshot(customerPage, 'journey-11-refund-notified');
    await carrierPage
      .getByRole('region', { name: 'Beskeder' })
      .getByText('Opgaven er annulleret – du skal ikke udføre den, og der kommer ingen udbetaling for den.')
      .waitFor({ timeout: 30_000 });

    // … and by mail (the development mailbox of the embedded product): the refund and the cancelled job.
    // The mails are queued by the consumers of the refund and of the status change: the mailbox is read until they are there.
    const mailed = async (page: Page, email: string, matches: (mail: { subject: string; text: string }) => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const reply = await page.request.get(`${product.url}/api/dev/mail?to=${encodeURIComponent(email)}`);
        const { items } = (await reply.json()) as { items: Array<{ subject: string; text: string }> };
        const mail = items.find(matches);
        if (mail) return mail;
        assert.ok(Date.now() < deadline, `no mail ${what} to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const refundSubject = `Betaling refunderet – opgave #${taskId}`;
    const refundMail = await mailed(customerPage, demo.customer.email, (mail) => mail.subject === refundSubject, refundSubject);
    assert.match(refundMail.text, /er refunderet til dit kort\. Pengene står normalt på din konto inden for 5–10 bankdage\./);
    const cancelledLine = 'Opgaven er annulleret – du skal ikke udføre den, og der kommer ingen udbetaling for den.';
    const cancelledMail = await mailed(
      carrierPage,
      demo.carrier.email,
      (mail) => mail.subject.startsWith(cancelledLine) && mail.text.includes(`/task/${taskId}`),
      `'${cancelledLine}' about #${taskId}`,
    );
    assert.ok(cancelledMail.text.includes(cancelledLine));
    await customerPage.goto(`${product.url}/dev/mail?to=${encodeURIComponent(demo.customer.email)}`);
    await customerPage.getByRole('list', { name: 'Mails' }).getByRole('heading', { name: refundSubject }).waitFor();
    await snapshot(customerPage, 'journey-12-refund-mail');

    // Betalinger shows the refund beside the payment.
    await customerPage.goto(`${product.url}/profile?tab=payments`);
    await customerPage.getByRole('table', { name: 'Betalingshistorik' }).getByRole('cell', { name: 'Refundering' }).first().waitFor();
    await carrier.close();
    await customer.close();
  });
});

