import type { CarrierFinanceRow } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { balanceChangeOf, netChangeOf, withRunningBalance } from './running-balance';

const row = (overrides: Partial<CarrierFinanceRow> & Pick<CarrierFinanceRow, 'type' | 'id' | 'date' | 'amount'>): CarrierFinanceRow => ({
  task_id: null, status: 'pending', label: '', net: null, carrierPayoutGross: null, carrierPayoutNet: null, payoutVat: null, payoutId: null,
  reason: null, inBalance: true,
  ...overrides,
});

describe('the carrier balance (spec section 9)', () => {
  it('a transaction adds the payout gross, or the net plus VAT without one; a payout subtracts; an adjustment keeps its sign', () => {
    expect(balanceChangeOf(row({ type: 'transaction', id: 1, date: '2026-03-01', amount: 1125, carrierPayoutGross: 1125 }))).toBe(1125);
    expect(balanceChangeOf(row({ type: 'transaction', id: 1, date: '2026-03-01', amount: 1125, carrierPayoutNet: 900, payoutVat: 225 }))).toBe(1125);
    expect(balanceChangeOf(row({ type: 'payout', id: 2, date: '2026-03-01', amount: 500 }))).toBe(-500);
    expect(balanceChangeOf(row({ type: 'adjustment', id: 3, date: '2026-03-01', amount: -20.5 }))).toBe(-20.5);
  });

  it('when an adjustment was made incl. VAT, then it moves the gross balance by its amount and the net balance by its net', () => {
    const withVat = row({ type: 'adjustment', id: 4, date: '2026-03-01', amount: 125, net: 100, payoutVat: 25 });
    expect(balanceChangeOf(withVat)).toBe(125);
    expect(netChangeOf(withVat)).toBe(100);
    expect(netChangeOf(row({ type: 'adjustment', id: 5, date: '2026-03-01', amount: -20.5, net: -20.5, payoutVat: 0 }))).toBe(-20.5);
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

  it('a row out of the balance (refunded, cancelled, not completed, a cancelled payout) moves nothing, gross or net', () => {
    expect(balanceChangeOf(row({ type: 'transaction', id: 1, date: '2026-03-01', amount: 1125, status: 'refunded', carrierPayoutGross: 1125, carrierPayoutNet: 900, inBalance: false }))).toBe(0);
    expect(netChangeOf(row({ type: 'transaction', id: 1, date: '2026-03-01', amount: 1125, status: 'refunded', carrierPayoutGross: 1125, carrierPayoutNet: 900, inBalance: false }))).toBe(0);
    expect(balanceChangeOf(row({ type: 'payout', id: 2, date: '2026-03-01', amount: 500, net: 400, status: 'cancelled', inBalance: false }))).toBe(0);
  });

  it('the net balance after the last row is what the server calls pendingNet: earned less payouts not cancelled', () => {
    const lines = withRunningBalance([
      row({ type: 'transaction', id: 1, date: '2026-03-01T00:00:00Z', amount: 1125.56, status: 'succeeded', carrierPayoutGross: 1125.56, carrierPayoutNet: 900.45 }),
      row({ type: 'transaction', id: 2, date: '2026-03-02T00:00:00Z', amount: 1125.56, status: 'refunded', carrierPayoutGross: 1125.56, carrierPayoutNet: 900.45, inBalance: false }),
      row({ type: 'adjustment', id: 3, date: '2026-03-03T00:00:00Z', amount: 50 }),
      row({ type: 'payout', id: 4, date: '2026-03-04T00:00:00Z', amount: 1188.06, net: 950.45, status: 'pending' }),
      row({ type: 'payout', id: 5, date: '2026-03-05T00:00:00Z', amount: 100, net: 80, status: 'cancelled', inBalance: false }),
    ]);
    expect(lines.map((line) => [line.row.id, line.changeNet, line.balanceNet])).toEqual([
      [1, 900.45, 900.45],
      [2, 0, 900.45],
      [3, 50, 950.45],
      [4, -950.45, 0],
      [5, 0, 0],
    ]);
  });
});
