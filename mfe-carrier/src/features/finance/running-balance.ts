import type { CarrierFinanceRow } from '@fragtbud/contracts';

export interface BalanceRow {
  row: CarrierFinanceRow;
  /** What the row adds to (or, negative, takes from) the carrier's balance, gross, in DKK. */
  change: number;
  /** The gross balance after this row, in DKK. */
  balance: number;
  /** The same in net (ex VAT), as the balance above the table counts. */
  changeNet: number;
  balanceNet: number;
}

/**
 * What a row moves, gross (spec section 9): a transaction adds the payout gross (or the net plus VAT when the gross
 * is missing); a payout subtracts its amount; an adjustment adds or subtracts its amount. A row the server keeps
 * out of the balance (a refunded or cancelled task, one not completed yet, a cancelled payout) moves nothing.
 */
export function balanceChangeOf(row: CarrierFinanceRow): number {
  if (!row.inBalance) return 0;
  if (row.type === 'transaction') return row.carrierPayoutGross ?? (row.carrierPayoutNet ?? row.net ?? 0) + (row.payoutVat ?? 0);
  if (row.type === 'payout') return -row.amount;
  return row.amount;
}

/**
 * What a row moves net, as balanceNet and pendingNet count (shared/API.md): payout net, payout net, the adjustment's
 * net (ex VAT when it was made incl. VAT, docs/money.md).
 */
export function netChangeOf(row: CarrierFinanceRow): number {
  if (!row.inBalance) return 0;
  if (row.type === 'transaction') return row.carrierPayoutNet ?? 0;
  if (row.type === 'payout') return -(row.net ?? 0);
  return row.net ?? row.amount;
}

const toOre = (kroner: number) => Math.round(kroner * 100);

/**
 * The carrier's rows by date, oldest first, each with the running balance after it (summed in whole øre), gross
 * and net. The net balance after the last row is pendingNet: everything earned less every payout not cancelled.
 */
export function withRunningBalance(rows: readonly CarrierFinanceRow[]): BalanceRow[] {
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => new Date(a.row.date).getTime() - new Date(b.row.date).getTime() || a.index - b.index);
  let balanceOre = 0;
  let balanceNetOre = 0;
  return sorted.map(({ row }) => {
    const changeOre = toOre(balanceChangeOf(row));
    const changeNetOre = toOre(netChangeOf(row));
    balanceOre += changeOre;
    balanceNetOre += changeNetOre;
    return { row, change: changeOre / 100, balance: balanceOre / 100, changeNet: changeNetOre / 100, balanceNet: balanceNetOre / 100 };
  });
}
