import type { LedgerRow } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { balanceChangeOf, withRunningBalance } from './running-balance';

const row = (overrides: Partial<LedgerRow> & Pick<LedgerRow, 'type' | 'id' | 'date' | 'amount'>): LedgerRow => ({
  task_id: null, status: 'pending', label: '', gross: null, net: null, carrier_id: 3, customer_id: null, platformCommission: null,
  carrierPayout: null, platformFeeEx: null, smallFeeEx: null, vatTotal: null, vatOnNet: null, vatOnFees: null, carrierPayoutGross: null,
  carrierPayoutNet: null, payoutType: null, payoutId: null, reason: null, providerRef: null, payment_id: null, bid_id: null,
  ...overrides,
});

describe('the carrier balance (spec section 9)', () => {
  it('a transaction adds the payout gross, or the net plus VAT without one; a payout subtracts; an adjustment keeps its sign', () => {
    expect(balanceChangeOf(row({ type: 'transaction', id: 1, date: '2026-03-01', amount: 1375, carrierPayoutGross: 1125 }))).toBe(1125);
    expect(balanceChangeOf(row({ type: 'transaction', id: 1, date: '2026-03-01', amount: 1375, net: 1000, vatOnNet: 250 }))).toBe(1250);
    expect(balanceChangeOf(row({ type: 'payout', id: 2, date: '2026-03-01', amount: 500 }))).toBe(-500);
    expect(balanceChangeOf(row({ type: 'adjustment', id: 3, date: '2026-03-01', amount: -20.5 }))).toBe(-20.5);
  });

  it('sorts by date ascending and sums in whole øre', () => {
    const lines = withRunningBalance([
      row({ type: 'payout', id: 2, date: '2026-03-03T00:00:00Z', amount: 0.3 }),
      row({ type: 'transaction', id: 1, date: '2026-03-01T00:00:00Z', amount: 0, carrierPayoutGross: 0.1 }),
      row({ type: 'adjustment', id: 3, date: '2026-03-02T00:00:00Z', amount: 0.2 }),
    ]);
    expect(lines.map((line) => [line.row.id, line.change, line.balance])).toEqual([
      [1, 0.1, 0.1],
      [3, 0.2, 0.3],
      [2, -0.3, 0],
    ]);
  });
});
