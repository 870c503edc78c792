import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, setSession, setupApiServer, renderWithProviders } from '@fragtbud/web/testing';
import { PaymentsPanel } from './payments-panel';

const server = setupApiServer();

beforeEach(() => {
  setSession(makeUser({ id: 9, role: 'customer' }));
  server.use(
    http.get('/api/finance/payments/me', () =>
      HttpResponse.json({
        items: [
          { id: 2, type: 'refund', date: '2026-03-03T10:00:00.000Z', task_id: 41, taskId: 41, status: 'refunded', amount: 1375, task_title: 'Palle og pakker · Vejle → Esbjerg', gross: 1375, netExVat: 1100, vat: 275, vatBase: 'customer_price' },
          { id: 1, type: 'payment', date: '2026-03-01T10:00:00.000Z', task_id: 41, taskId: 41, status: 'succeeded', amount: 1375, task_title: 'Palle og pakker · Vejle → Esbjerg', gross: 1375, netExVat: 1100, vat: 275, vatBase: 'customer_price' },
          { id: 3, type: 'charge', date: '2026-02-27T10:00:00.000Z', task_id: 12, taskId: 12, status: 'succeeded', amount: 150, task_title: null, reason: 'Ekstra ventetid ved afhentning', gross: 150, netExVat: 120, vat: 30, vatBase: 'amount' },
        ],
        total: 2,
        page: 1,
        limit: 100,
      }),
    ),
    http.get('/api/finance/ledger/customer/me', () =>
      HttpResponse.json({
        rows: [
          { id: 5, date: '2026-03-02T10:00:00.000Z', task_id: 41, status: 'pending', amount: 30, reason: 'Kompensation', task_title: 'Palle og pakker · Vejle → Esbjerg', netExVat: 30, vat: 0, vatBase: 'none' },
          { id: 6, date: '2026-03-02T09:00:00.000Z', task_id: null, status: 'applied', amount: -10, reason: 'Gebyr', task_title: null },
        ],
        totalApplied: -10,
        totalPending: 30,
      }),
    ),
  );
});

describe('customer Betalinger', () => {
  it('shows the payment history (refund as money back) and the adjustments with totals', async () => {
    renderWithProviders(<PaymentsPanel />);
    const history = await screen.findByRole('table', { name: 'Betalingshistorik' });
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Refundering')).toBeTruthy();
    expect(rows[1]!.textContent).toMatch(/-1\.375,00/);
    expect(within(rows[2]!).getByText('Betaling')).toBeTruthy();
    // Statuses in Danish, never the provider's codes.
    expect(within(rows[1]!).getByText('Refunderet')).toBeTruthy();
    expect(within(rows[2]!).getByText('Gennemført')).toBeTruthy();
    expect(history.textContent).not.toMatch(/succeeded|refunded/);
    const adjustments = screen.getByRole('table', { name: 'Justeringer' });
    expect(within(adjustments).getByText('Kompensation')).toBeTruthy();
    expect(within(adjustments).getByText('Afventer')).toBeTruthy();
    expect(screen.getByText('Afventer i alt').nextElementSibling?.textContent).toMatch(/30,00/);
  });

  it('each row shows its VAT as the ledger books it: Beløb = Netto ex moms + Moms, with the VAT base (a refund negative)', async () => {
    renderWithProviders(<PaymentsPanel />);
    const history = await screen.findByRole('table', { name: 'Betalingshistorik' });
    const [, refund, payment, charge] = within(history).getAllByRole('row');
    const cell = (row: HTMLElement, label: string) => within(row).getAllByRole('cell').find((each) => each.getAttribute('data-label') === label)?.textContent;
    expect(cell(payment!, 'Netto ex moms')).toMatch(/^1\.100,00/);
    expect(cell(payment!, 'Moms')).toMatch(/^275,00/);
    expect(cell(payment!, 'Momsgrundlag')).toBe('Kundens pris ex moms (bud + gebyrer)');
    expect(cell(refund!, 'Netto ex moms')).toMatch(/^-1\.100,00/);
    expect(cell(refund!, 'Moms')).toMatch(/^-275,00/);
    expect(cell(charge!, 'Moms')).toMatch(/^30,00/);
    expect(cell(charge!, 'Momsgrundlag')).toBe('Beløbet ex moms');
    const adjustments = screen.getByRole('table', { name: 'Justeringer' });
    const [, withVatFree, withoutFigures] = within(adjustments).getAllByRole('row');
    expect(cell(withVatFree!, 'Moms')).toMatch(/^0,00/);
    expect(cell(withVatFree!, 'Momsgrundlag')).toBe('Ingen moms');
    expect(cell(withoutFigures!, 'Momsgrundlag')).toBe('–');
  });

  it('when an extra fee was charged, then its row says the reason the admin typed; other rows say –', async () => {
    renderWithProviders(<PaymentsPanel />);
    const history = await screen.findByRole('table', { name: 'Betalingshistorik' });
    const [, refund, , charge] = within(history).getAllByRole('row');
    expect(within(charge!).getByText('Ekstra gebyr')).toBeTruthy();
    expect(within(charge!).getByText('Ekstra ventetid ved afhentning').getAttribute('data-label')).toBe('Begrundelse');
    expect(within(refund!).getAllByRole('cell').find((cell) => cell.getAttribute('data-label') === 'Begrundelse')?.textContent).toBe('–');
  });

  it('names each task by type and route and links it to its page (#12 while its name is unknown; – without a task)', async () => {
    renderWithProviders(<PaymentsPanel />);
    const history = await screen.findByRole('table', { name: 'Betalingshistorik' });
    const [, refund, payment, charge] = within(history).getAllByRole('row');
    for (const row of [refund!, payment!]) {
      expect(within(row).getByRole('link', { name: 'Palle og pakker · Vejle → Esbjerg' }).getAttribute('href')).toBe('/task/41');
    }
    expect(within(charge!).getByRole('link', { name: '#12' }).getAttribute('href')).toBe('/task/12');
    const adjustments = screen.getByRole('table', { name: 'Justeringer' });
    const [, withTask, withoutTask] = within(adjustments).getAllByRole('row');
    expect(within(withTask!).getByRole('link', { name: 'Palle og pakker · Vejle → Esbjerg' }).getAttribute('href')).toBe('/task/41');
    expect(within(withoutTask!).queryByRole('link')).toBeNull();
    expect(within(withoutTask!).getAllByRole('cell')[1]!.textContent).toBe('–');
  });

  it('on a phone the tables are cards in their own region (each cell named by its column), so the page never scrolls sideways', async () => {
    renderWithProviders(<PaymentsPanel />);
    for (const name of ['Betalingshistorik', 'Justeringer']) {
      const region = await screen.findByRole('region', { name });
      expect(region.classList.contains('fb-table-wrap--cards')).toBe(true);
      const table = within(region).getByRole('table', { name });
      expect(within(table).getAllByRole('cell')[0]!.getAttribute('data-label')).toBe('Dato');
    }
  });
});
