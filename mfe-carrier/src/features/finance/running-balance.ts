import type { LedgerRow } from '@fragtbud/contracts';

export interface BalanceRow {
  row: LedgerRow;
  /** What the row adds to (or, negative, takes from) the carrier's balance, in DKK. */
  change: number;
  /** The balance after this row, in DKK. */
  balance: number;
}

/**
 * What a row moves (spec section 9): a transaction adds the payout gross (or the net plus VAT when the gross is
 * missing); a payout subtracts its amount; an adjustment adds or subtracts its amount.
 */
export function balanceChangeOf(row: LedgerRow): number {
  if (row.type === 'transaction') return row.carrierPayoutGross ?? (row.net ?? 0) + (row.vatOnNet ?? 0);
  if (row.type === 'payout') return -row.amount;
  return row.amount;
}

const toOre = (kroner: number) => Math.round(kroner * 100);

/** The carrier's rows by date, oldest first, each with the running balance after it (summed in whole øre). */
export function withRunningBalance(rows: readonly LedgerRow[]): BalanceRow[] {
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => new Date(a.row.date).getTime() - new Date(b.row.date).getTime() || a.index - b.index);
  let balanceOre = 0;
  return sorted.map(({ row }) => {
    const changeOre = toOre(balanceChangeOf(row));
    balanceOre += changeOre;
    return { row, change: changeOre / 100, balance: balanceOre / 100 };
  });
}
