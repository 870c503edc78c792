import type { FinancialOverview, LedgerRow, PlatformSaldo } from '@fragtbud/contracts';
import { http, HttpResponse } from 'msw';

/** A ledger row as svc-ledger answers it, with the fields a test cares about. */
export function ledgerRow(overrides: Partial<LedgerRow> & Pick<LedgerRow, 'type' | 'id'>): LedgerRow {
  return {
    date: '2026-03-02T10:00:00.000Z',
    task_id: 41,
    status: 'succeeded',
    label: 'Betaling',
    amount: 1375,
    gross: 1375,
    net: 1000,
    carrier_id: 7,
    customer_id: 3,
    carrier_name: 'Lars Hansen (Hansen Fragt ApS)',
    customer_name: 'Karen Jensen',
    platformCommission: 200,
    carrierPayout: 1125,
    platformFeeEx: 100,
    smallFeeEx: 20,
    vatTotal: 255,
    vatOnNet: 250,
    vatOnFees: 5,
    carrierPayoutGross: 1125,
    carrierPayoutNet: 900,
    payoutType: null,
    payoutId: null,
    reason: null,
    providerRef: null,
    payment_id: 5,
    bid_id: 6,
    netExVat: 1100,
    vat: 275,
    vatBase: 'customer_price',
    vatIncluded: true,
    ...overrides,
  };
}

/** GET /finance/ledger (filtered by type and carrierId as the service would), PUT payout status, overview, saldo. */
export function fakeFinanceApi(rows: LedgerRow[] = []) {
  const requests: URL[] = [];
  const marked: { id: number; body: unknown }[] = [];
  const overview: FinancialOverview = {
    totalRevenueAllTime: 2750,
    totalTransactionsAllTime: 2,
    platformCommissionAllTime: 400,
    revenueByMonth: [
      { month: '2026-02', revenue: 1375, platformCommission: 200, transactions: 1 },
      { month: '2026-03', revenue: 1375, platformCommission: 200, transactions: 1 },
    ],
    carriersWithPending: [{ carrierId: 7, carrierName: 'Lars Hansen (Hansen Fragt ApS)', pendingNet: 900, balanceNet: 900 }],
  };
  const saldo: PlatformSaldo = { total: 350, platformFromTransactions: 400, customerAdjustments: -50, carrierAdjustments: 0, platformPayouts: 0 };
  const handlers = [
    http.get('/api/finance/ledger', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const type = url.searchParams.get('type');
      const carrierId = url.searchParams.get('carrierId');
      const items = rows.filter((row) => (!type || row.type === type) && (!carrierId || String(row.carrier_id) === carrierId));
      return HttpResponse.json({ items, total: items.length, page: 1, limit: 20 });
    }),
    http.put('/api/finance/payouts/:id/status', async ({ params, request }) => {
      const body = await request.json();
      marked.push({ id: Number(params.id), body });
      const row = rows.find((r) => r.type === 'payout' && r.id === Number(params.id));
      if (row) Object.assign(row, { status: 'paid', label: 'Udbetalt', providerRef: (body as { providerRef?: string }).providerRef ?? null });
      return HttpResponse.json({ id: Number(params.id), status: 'paid' });
    }),
    http.get('/api/admin/financial-overview', () => HttpResponse.json(overview)),
    http.get('/api/admin/platform-saldo', () => HttpResponse.json(saldo)),
  ];
  return { handlers, requests, marked };
}
