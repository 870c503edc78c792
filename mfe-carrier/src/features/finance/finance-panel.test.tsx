import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, setSession, setupApiServer, renderWithProviders } from '@fragtbud/web/testing';
import { messages, type CarrierFinanceRow } from '@fragtbud/contracts';
import { FinancePanel } from './finance-panel';

const server = setupApiServer();
const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true });

const transaction: CarrierFinanceRow = {
  type: 'transaction', id: 1, date: '2026-03-01T10:00:00.000Z', task_id: 41, status: 'succeeded', label: 'Indtjening', amount: 1125,
  net: 900, carrierPayoutGross: 1125, carrierPayoutNet: 900, payoutVat: 225, payoutId: null, reason: null, inBalance: true,
};

function financeApi(pendingNet: number, rows: CarrierFinanceRow[] = [transaction]) {
  const state = { pendingNet, balanceNet: pendingNet, keys: [] as (string | null)[], payouts: 0 };
  server.use(
    http.get('/api/finance/me', () =>
      HttpResponse.json({
        balanceNet: state.balanceNet,
        pendingNet: state.pendingNet,
        earnedNet: state.balanceNet,
        rows,
      }),
    ),
    http.post('/api/finance/payout-requests', ({ request }) => {
      state.keys.push(request.headers.get('idempotency-key'));
      state.payouts += 1;
      state.pendingNet = 0;
      return HttpResponse.json({ payout: { id: 1 }, message: 'Udbetalingsanmodning oprettet' }, { status: 201 });
    }),
    http.post('/api/finance/payout-link', () => HttpResponse.json({ message: 'Payout-udbyder ikke konfigureret' })),
  );
  return state;
}

beforeEach(() => setSession(carrier));

describe('carrier Økonomi', () => {
  it("shows balance, pending and rows; 'Anmod om udbetaling' sends one request with an idempotency key and says so", async () => {
    const api = financeApi(900);
    const user = userEvent.setup();
    renderWithProviders(<FinancePanel />);
    expect(await screen.findByText('Til udbetaling (netto)')).toBeTruthy();
    expect(screen.getAllByText(/900,00/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '#41' }).getAttribute('href')).toBe('/task/41');
    expect(screen.getByRole('link', { name: 'Eksportér CSV' }).getAttribute('href')).toBe('/api/finance/me.csv');
    await user.click(screen.getByRole('button', { name: 'Anmod om udbetaling' }));
    expect((await screen.findByRole('status')).textContent).toBe('Udbetalingsanmodning oprettet');
    expect(api.payouts).toBe(1);
    expect(api.keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,}$/);
  });

  it('shows the rows oldest first with a running balance, gross and net labelled, amounts in whole kroner', async () => {
    const blank: CarrierFinanceRow = { ...transaction, carrierPayoutGross: null, carrierPayoutNet: null, payoutVat: null };
    financeApi(4050.45, [
      { ...transaction, carrierPayoutGross: 5063.06, carrierPayoutNet: 4050.45, task_title: 'Møbeltransport · Roskilde → København V' },
      { ...blank, type: 'payout', id: 7, date: '2026-03-05T10:00:00.000Z', task_id: null, status: 'pending', label: 'Udbetaling (afventer)', amount: 5063.06, net: 4050.45, payoutId: 7 },
      { ...blank, type: 'adjustment', id: 2, date: '2026-03-03T10:00:00.000Z', status: 'applied', label: 'Justering', amount: 100, net: 100, reason: 'Bonus' },
    ]);
    renderWithProviders(<FinancePanel />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Dato', 'Opgave', 'Post', 'Beløb (brutto)', 'Saldo (brutto)']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      // Each amount gross, its net and the VAT in it (docs/money.md); an adjustment without VAT says so.
      ['1.3.2026', 'Møbeltransport · Roskilde → København V', 'Indtjening', '5.063 DKKNetto 4.050 DKKMoms 1.013 DKK', '5.063 DKKNetto 4.050 DKK'],
      ['3.3.2026', '#41', 'Justering: Bonus', '100 DKKNetto 100 DKKUden moms', '5.163 DKKNetto 4.150 DKK'],
      ['5.3.2026', '–', 'Udbetaling (afventer)', '-5.063 DKKNetto -4.050 DKKMoms -1.013 DKK', '100 DKKNetto 100 DKK'],
    ]);
    expect(screen.getByText(/Den løbende saldo netto ender ved Til udbetaling \(netto\) ovenfor/)).toBeTruthy();
  });

  it('when tasks were refunded, are not completed, or a payout is pending, then those rows say so, add nothing, and the net balance ends at Til udbetaling', async () => {
    // The QA round's carrier: one completed task, two refunded, one taken back by an admin, and a payout asked for.
    const task = (id: number, taskId: number, title: string, status: string, inBalance: boolean): CarrierFinanceRow => ({
      ...transaction, id, task_id: taskId, task_title: title, status, inBalance, date: `2026-03-0${id}T10:00:00.000Z`,
      carrierPayoutGross: 1125.56, carrierPayoutNet: 900.45,
    });
    financeApi(0, [
      { ...task(1, 1, 'Flytning · Aarhus C → København K', 'succeeded', true), carrierPayoutGross: 5063.06, carrierPayoutNet: 4050.45 },
      task(2, 2, 'Møbeltransport · Roskilde → København V', 'refunded', false),
      task(3, 3, 'Palle og pakker · Vejle → Esbjerg', 'refunded', false),
      task(4, 4, 'Kurertransport · Aalborg → Viborg', 'awaiting_completion', false),
      {
        ...transaction, type: 'payout', id: 7, date: '2026-03-06T10:00:00.000Z', task_id: null, status: 'pending', label: 'Udbetaling (afventer)',
        amount: 5063.06, net: 4050.45, payoutId: 7, carrierPayoutGross: 5063.06, carrierPayoutNet: 4050.45, payoutVat: 1012.61, inBalance: true,
      },
    ]);
    renderWithProviders(<FinancePanel />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.map(([, , entry, change, balance]) => [entry, change, balance])).toEqual([
      ['Indtjening', '5.063 DKKNetto 4.050 DKKMoms 1.013 DKK', '5.063 DKKNetto 4.050 DKK'],
      ['IndtjeningRefunderet – tæller ikke med', '0 DKKNetto 0 DKK', '5.063 DKKNetto 4.050 DKK'],
      ['IndtjeningRefunderet – tæller ikke med', '0 DKKNetto 0 DKK', '5.063 DKKNetto 4.050 DKK'],
      ['IndtjeningAfventer afslutning – tæller med, når opgaven er afsluttet', '0 DKKNetto 0 DKK', '5.063 DKKNetto 4.050 DKK'],
      ['Udbetaling (afventer)', '-5.063 DKKNetto -4.050 DKKMoms -1.013 DKK', '0 DKKNetto 0 DKK'],
    ]);
    const pending = screen.getByText('Til udbetaling (netto)').nextElementSibling;
    expect(pending?.textContent).toBe('0,00 DKK');
  });

  it('on a phone, shows each row as a card (every cell named by its column) and the buttons full width, spaced alike', async () => {
    financeApi(900);
    renderWithProviders(<FinancePanel />);
    const table = await screen.findByRole('table');
    expect(table.closest('.fb-table-wrap')?.classList.contains('fb-table-wrap--cards')).toBe(true);
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    expect(Array.from(cells).map((cell) => cell.getAttribute('data-label'))).toEqual(['Dato', 'Opgave', 'Post', 'Beløb (brutto)', 'Saldo (brutto)']);
    expect(screen.getByRole('button', { name: 'Anmod om udbetaling' }).parentElement?.className).toBe('carrier-finance__actions');

    // jsdom applies no media queries: the phone rules are read from the style sheets themselves.
    const phone = (css: string) => css.slice(css.indexOf('@media (max-width: 640px)'));
    const financeCss = readFileSync(resolve(process.cwd(), 'src/features/finance/finance.css'), 'utf8');
    const baseCss = readFileSync(resolve(process.cwd(), '../libs/web/src/styles/base.css'), 'utf8');
    expect(financeCss).toMatch(/\.carrier-finance__actions \{[^}]*gap: var\(--fb-space-3\);/);
    expect(phone(financeCss)).toMatch(/\.carrier-finance__actions > \* \{\s*flex: 1 1 100%;/);
    expect(phone(baseCss)).toMatch(/\.fb-table-wrap--cards \.fb-table thead \{\s*display: none;/);
    expect(phone(baseCss)).toMatch(/\.fb-table-wrap--cards \.fb-table tr \{\s*display: grid;/);
    expect(phone(baseCss)).toMatch(/\.fb-table-wrap--cards \{\s*overflow: visible;/);
    expect(phone(baseCss)).toMatch(/content: attr\(data-label\)/);
  });

  it('when the carrier has no bank details saved, then the server\'s Danish text and a link to the Bank tab', async () => {
    financeApi(900);
    server.use(
      http.post('/api/finance/payout-requests', () =>
        HttpResponse.json({ code: 'bank_details_missing', message: messages.bankDetailsMissing }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<FinancePanel />);
    await screen.findByText('Til udbetaling (netto)');
    await user.click(screen.getByRole('button', { name: 'Anmod om udbetaling' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Udfyld dine bankoplysninger under Bank, før du anmoder om udbetaling.');
    expect(within(alert).getByRole('link', { name: 'Gå til Bank' }).getAttribute('href')).toBe('/profile?tab=bank');
  });

  it("when nothing is pending, then 'Ingen beløb til udbetaling' and no request", async () => {
    const api = financeApi(0);
    const user = userEvent.setup();
    renderWithProviders(<FinancePanel />);
    await screen.findByText('Til udbetaling (netto)');
    await user.click(screen.getByRole('button', { name: 'Anmod om udbetaling' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ingen beløb til udbetaling');
    expect(api.payouts).toBe(0);
  });

  it("when no payout provider is configured, then 'Opsæt udbetalinger' says 'Payout-udbyder ikke konfigureret'", async () => {
    financeApi(0);
    const user = userEvent.setup();
    renderWithProviders(<FinancePanel />);
    await screen.findByText('Til udbetaling (netto)');
    await user.click(screen.getByRole('button', { name: 'Opsæt udbetalinger' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Payout-udbyder ikke konfigureret'));
  });
});
