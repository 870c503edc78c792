import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { demo, snapshot } from '../support/browser';
import { productSuite } from '../support/suite';
import { apiCall, bearerTokenOf, logIn } from '../support/session';

/** Issue 25, found by hand on a phone: the admin ledger's amounts and names, and paging in the task browser. */
const product = productSuite();
const phone = { width: 390, height: 844 };

/** A furniture task of the demo customer with the demo carrier's bid accepted and paid (mock provider): one ledger row. */
async function paidTask(): Promise<number> {
  const customerToken = await bearerTokenOf(product.url, demo.customer);
  const carrierToken = await bearerTokenOf(product.url, demo.carrier);
  const task = await apiCall<{ id: number }>(product.url, '/tasks', customerToken, {
    method: 'POST',
    body: { type: 'furniture', from_address: 'Vestergade 5, 8000 Aarhus C', to_address: 'Østergade 2, 9000 Aalborg', description: 'Et skab', details: { furnitureType: 'cabinet', numberOfItems: 1 } },
  });
  const bid = await apiCall<{ id: number }>(product.url, '/bids', carrierToken, { method: 'POST', body: { taskId: task.id, price: 1500 } });
  await apiCall(product.url, `/bids/${bid.id}/accept`, customerToken, { method: 'POST', body: {} });
  const intent = await apiCall<{ paymentIntentId: string }>(product.url, '/payments/intents', customerToken, { method: 'POST', body: { taskId: task.id, currency: 'DKK' } });
  await apiCall(product.url, `/payments/mock/${intent.paymentIntentId}/complete`, customerToken, { method: 'POST', body: {} });
  return task.id;
}

/**
 * What the browser would hit at the middle of the locator's box: '' when it is the element or its own table cell,
 * else a description of what covers it.
 */
async function coverAtItsMiddle(page: Page, target: Locator): Promise<string> {
  const box = await target.boundingBox();
  assert.ok(box, 'the element has a box');
  const handle = await target.elementHandle();
  return page.evaluate(
    ([element, x, y]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      // A link that wraps has gaps in its box: its own cell counts as itself.
      const own = (element as Element).closest('td, th') ?? (element as Element);
      if (hit !== null && own.contains(hit)) return '';
      return hit ? `${hit.tagName}.${hit.className} "${(hit.textContent ?? '').slice(0, 40)}" at ${x},${y} (viewport ${window.innerWidth})` : `nothing at ${x},${y}`;
    },
    [handle, box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

describe('on a phone (390 px)', () => {
  it('when the admin opens the ledger, then Beløb and the amounts show, and the action column never covers the names', async () => {
    const taskId = await paidTask();
    const page = await product.newPage();
    await page.setViewportSize(phone);
    await logIn(page, product.url, demo.admin, `/AdminDashboard?tab=ledger&taskId=${taskId}`);
    await page.waitForURL(/tab=ledger/);
    const table = page.getByRole('table');
    const row = table.getByRole('row').filter({ hasText: 'Demo Kunde' }).first();
    await row.waitFor();

    // The amounts column is there and readable: its header and the row's amount are on screen once scrolled to.
    const amountHeader = table.getByRole('columnheader', { name: 'Beløb' });
    assert.ok(await amountHeader.isVisible(), 'Beløb is shown');
    const amount = row.locator('.admin-ledger__money').first();
    await amount.scrollIntoViewIfNeeded();
    assert.match((await amount.textContent()) ?? '', /\d.*DKK/);
    assert.equal(await coverAtItsMiddle(page, amount), '', 'the amount is not covered');

    // Each name, scrolled to the right edge of the table's box (where a sticky action column would sit), is itself
    // what the finger hits.
    for (const name of ['Demo Vognmand', 'Demo Kunde']) {
      const link = row.getByRole('link', { name: new RegExp(name) }).first();
      await link.scrollIntoViewIfNeeded();
      await link.evaluate((element) => {
        const scroller = element.closest('table')!.parentElement!;
        const cell = element.closest('td')!;
        scroller.scrollLeft = cell.offsetLeft + cell.offsetWidth - scroller.clientWidth;
      });
      assert.equal(await coverAtItsMiddle(page, link), '', `${name} is covered at the right edge`);
    }
    // The page itself never scrolls sideways: only the table's box does.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), phone.width);
    await snapshot(page, 'phone-admin-ledger');
    await page.context().close();
  });

  it('when a visitor pages through the tasks, then the next page starts at its results, not at the page buttons', async () => {
    const customerToken = await bearerTokenOf(product.url, demo.customer);
    // More than one page of 20.
    for (let index = 0; index < 22; index += 1) {
      await apiCall(product.url, '/tasks', customerToken, {
        method: 'POST',
        body: { type: 'courier', from_address: 'Vestergade 12, 8000 Aarhus C', to_address: 'Nørregade 5, 1165 København K', description: `Pakke nr. ${index + 1}`, details: { packageSize: 'small', packageWeight: 2 } },
      });
    }
    const page = await product.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${product.url}/BrowseTasks`);
    const cards = page.getByRole('list', { name: 'Opgaver' }).getByRole('listitem');
    await cards.first().waitFor();

    // The page buttons sit below twenty cards: the visitor scrolls down to them.
    const secondPage = page.getByRole('navigation', { name: 'Sider' }).getByRole('link', { name: 'Side 2' });
    await secondPage.scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > phone.height, 'the buttons are far down');
    await secondPage.click();
    await page.waitForURL(/page=2/);
    await page.locator('nav[aria-label="Sider"] [aria-current="page"]').filter({ hasText: '2' }).waitFor();
    await page.locator('.task-results[aria-busy]').waitFor({ state: 'detached' });

    // Once the scroll settled, the results' top is in view and their first card is on screen.
    await page.waitForFunction(() => {
      const results = document.querySelector('.task-results');
      if (!results) return false;
      const top = results.getBoundingClientRect().top;
      return top >= -1 && top < window.innerHeight / 2;
    });
    assert.ok(await cards.first().isVisible(), 'the first card of page 2 shows');
    const firstCardTop = await cards.first().evaluate((element) => element.getBoundingClientRect().top);
    assert.ok(firstCardTop >= 0 && firstCardTop < phone.height, `the first card of page 2 is on screen (top ${firstCardTop})`);
    await snapshot(page, 'phone-browse-page-2');
    await page.context().close();
  });
});
