import {
  carrierTransactionLabel,
  carrierFinanceCsvColumns,
  ledgerRowTypeLabels,
  ledgerStatusLabel,
  oreToDkk,
  payoutLabel,
  type CarrierFinance,
  type CarrierFinanceRow,
  type CustomerLedger,
  type FinancialOverview,
  type PlatformSaldo,
} from '@fragtbud/contracts';
import { csvMoney, csvStream, directoryNamesOf, displayName } from '@fragtbud/platform';
import type { Readable } from 'node:stream';
import type { Db, LedgerContext } from '../context';
import { listLedgerRows, type LedgerFilter, type LedgerViewRow } from '../ledger-rows/repo';
import { csvDate, titleOf } from '../ledger-rows/service';
import { taskTitlesOf } from '../task-projection/repo';
import {
  carrierBalances,
  customerAdjustments,
  platformSaldoParts,
  revenueByMonth,
  transactionStandings,
  type CarrierBalanceOre,
  type TransactionStanding,
} from './repo';

/**
 * The money-flow arithmetic of shared/API.md: earned = Σ payout net of the carrier's transactions whose task is
 * completed + Σ its adjustments; pendingNet = earned − payouts not cancelled; balanceNet = earned − paid payouts.
 */
export function netsOf(balance: CarrierBalanceOre): { earnedOre: number; pendingNetOre: number; balanceNetOre: number; pendingGrossOre: number } {
  return {
    earnedOre: balance.earnedOre,
    pendingNetOre: balance.earnedOre - balance.committedOre,
    balanceNetOre: balance.earnedOre - balance.paidOre,
    // What a payout of everything pending pays gross: the gross of exactly the rows it pays out.
    pendingGrossOre: balance.earnedGrossOre - balance.committedGrossOre,
  };
}

export async function carrierNets(db: Db, carrierId: number) {
  const [balance] = await carrierBalances(db, carrierId);
  return netsOf(balance!);
}

const carrierRowsFilter = (carrierId: number): LedgerFilter => ({ carrierId, types: ['transaction', 'payout', 'adjustment'] });

/** A transaction's status as the carrier reads it ('Gennemført' only once earned). */
const carrierStatusOf: Record<TransactionStanding, string> = {
  earned: 'succeeded',
  awaiting_completion: 'awaiting_completion',
  refunded: 'refunded',
  cancelled: 'cancelled',
};

/**
 * The carrier's rows with the truth the balance is built on: a transaction says where its payout stands and moves
 * the balance only when earned; a cancelled payout moves nothing; an adjustment always counts.
 */
async function asCarrierRows(db: Db, rows: LedgerViewRow[]): Promise<Array<{ row: LedgerViewRow; inBalance: boolean }>> {
  const standings = await transactionStandings(db, rows.filter((row) => row.type === 'transaction').map((row) => row.id));
  return rows.map((row) => {
    if (row.type === 'payout') return { row, inBalance: row.status !== 'cancelled' };
    if (row.type !== 'transaction') return { row, inBalance: true };
    const standing = standings.get(row.id) ?? 'awaiting_completion';
    return { row: { ...row, status: carrierStatusOf[standing] }, inBalance: standing === 'earned' };
  });
}

/**
 * The carrier's side of a row in øre, the one source of the carrier's figures (view, CSV, ledger:verify): gross and
 * net of the payout in a transaction, of a payout, of an adjustment (its amount and its net ex VAT).
 */
export function carrierSideOre(row: LedgerViewRow): { carrierPayoutGrossOre: number; carrierPayoutNetOre: number } {
  if (row.type === 'transaction') {
    return { carrierPayoutGrossOre: Number(row.carrier_payout_gross_ore ?? 0), carrierPayoutNetOre: Number(row.carrier_payout_net_ore ?? 0) };
  }
  return { carrierPayoutGrossOre: Number(row.amount_ore), carrierPayoutNetOre: Number(row.net_ore ?? row.amount_ore) };
}

/**
 * A row as the carrier may see it (spec section 7: carriers see only the payout): the payout's gross, net and VAT,
 * status, date and task — never the customer's gross, the platform's commission and fees or the customer's VAT.
 */
export function toCarrierFinanceRow(row: LedgerViewRow, inBalance: boolean, taskTitle: string | null): CarrierFinanceRow {
  const base = {
    id: row.id,
    date: row.date.toISOString(),
    task_id: row.task_id,
    task_title: taskTitle,
    status: row.status,
    reason: row.reason,
    inBalance,
  };
  const { carrierPayoutGrossOre: grossOre, carrierPayoutNetOre: netOre } = carrierSideOre(row);
  if (row.type === 'transaction') {
    return {
      ...base,
      type: 'transaction',
      label: carrierTransactionLabel,
      amount: oreToDkk(grossOre),
      net: oreToDkk(netOre),
      carrierPayoutGross: oreToDkk(grossOre),
      carrierPayoutNet: oreToDkk(netOre),
      payoutVat: oreToDkk(grossOre - netOre),
      payoutId: null,
      reason: null,
    };
  }
  if (row.type === 'payout') {
    return {
      ...base,
      type: 'payout',
      label: payoutLabel(row.status),
      amount: oreToDkk(grossOre),
      net: oreToDkk(netOre),
      carrierPayoutGross: oreToDkk(grossOre),
      carrierPayoutNet: oreToDkk(netOre),
      payoutVat: oreToDkk(grossOre - netOre),
      payoutId: row.payout_id,
    };
  }
  return {
    ...base,
    type: 'adjustment',
    label: ledgerRowTypeLabels.adjustment,
    amount: oreToDkk(grossOre),
    net: oreToDkk(netOre),
    carrierPayoutGross: null,
    carrierPayoutNet: null,
    payoutVat: oreToDkk(grossOre - netOre),
    payoutId: null,
  };
}

/** GET /finance/me (carrier): balance, pending and the carrier's rows (the carrier's side only), oldest first. */
export async function carrierFinance(context: LedgerContext, carrierId: number): Promise<CarrierFinance> {
  const [nets, rows] = await Promise.all([
    carrierNets(context.db, carrierId),
    listLedgerRows(context.db, carrierRowsFilter(carrierId), { offset: 0, limit: 10_000, direction: 'asc' }),
  ]);
  const [titles, carrierRows] = await Promise.all([taskTitlesOf(context.db, rows.map((row) => row.task_id)), asCarrierRows(context.db, rows)]);
  return {
    balanceNet: oreToDkk(nets.balanceNetOre),
    pendingNet: oreToDkk(nets.pendingNetOre),
    earnedNet: oreToDkk(nets.earnedOre),
    rows: carrierRows.map(({ row, inBalance }) => toCarrierFinanceRow(row, inBalance, titleOf(titles, row.task_id))),
  };
}

/**
 * GET /finance/me.csv (carrier): the spec-9 header as it stands, oldest first. The customer's side (Brutto, Platform
 * ex, Lille ex, Moms (i alt), Moms (gebyrer)) stays empty: a carrier sees only the payout. Moms (netto) is the VAT on
 * the carrier's payout (Udb. brutto − Udb. netto, docs/money.md), never the VAT on the bid price; a payout shows its
 * amounts as negative, an adjustment its gross, net and VAT.
 */
export function carrierFinanceCsv(context: LedgerContext, carrierId: number): Readable {
  return csvStream({
    header: carrierFinanceCsvColumns,
    nextPage: async (offset, limit) =>
      (await asCarrierRows(context.db, await listLedgerRows(context.db, carrierRowsFilter(carrierId), { offset, limit, direction: 'asc' }))).map(
        ({ row }) => row,
      ),
    toCells: (row) => {
      const isPayout = row.type === 'payout';
      const isAdjustment = row.type === 'adjustment';
      const finance = carrierSideOre(row);
      const customerSide = null;
      return [
        csvDate(row.date),
        row.task_id,
        isPayout ? payoutLabel(row.status) : isAdjustment ? `Justering: ${row.reason ?? ''}` : ledgerStatusLabel(row.status),
        customerSide,
        customerSide,
        customerSide,
        customerSide,
        csvMoney(isPayout ? -(finance.carrierPayoutGrossOre - finance.carrierPayoutNetOre) : finance.carrierPayoutGrossOre - finance.carrierPayoutNetOre),
        customerSide,
        csvMoney(isPayout ? -finance.carrierPayoutGrossOre : finance.carrierPayoutGrossOre),
        csvMoney(isPayout ? -finance.carrierPayoutNetOre : finance.carrierPayoutNetOre),
      ];
    },
  });
}

/** GET /finance/ledger/customer/me: the customer's adjustments; applied once their task is settled (or without a task). */
export async function customerLedger(context: LedgerContext, customerId: number): Promise<CustomerLedger> {
  const rows = await customerAdjustments(context.db, customerId);
  const titles = await taskTitlesOf(context.db, rows.map((row) => row.task_id));
  let appliedOre = 0;
  let pendingOre = 0;
  for (const row of rows) {
    if (row.settled) appliedOre += row.amount_ore;
    else pendingOre += row.amount_ore;
  }
  return {
    rows: rows.map((row) => ({
      id: row.id,
      date: row.created_at.toISOString(),
      task_id: row.task_id,
      status: row.settled ? 'applied' : 'pending',
      amount: oreToDkk(row.amount_ore),
      reason: row.reason,
      task_title: titleOf(titles, row.task_id),
      // As the admin's ledger books it (docs/money.md): amount = net ex VAT + VAT.
      netExVat: oreToDkk(row.amount_ore - row.vat_ore),
      vat: oreToDkk(row.vat_ore),
      vatBase: row.vat_included ? ('amount' as const) : ('none' as const),
    })),
    totalApplied: oreToDkk(appliedOre),
    totalPending: oreToDkk(pendingOre),
  };
}

export async function platformSaldoOre(db: Db) {
  const parts = await platformSaldoParts(db);
  const fromTransactions = parts.commissionOre - parts.refundedCommissionOre + parts.chargesOre;
  // A positive adjustment is owed to the user: it lowers the platform's saldo.
  const customer = -parts.customerAdjustmentsOre;
  const carrier = -parts.carrierAdjustmentsOre;
  return {
    fromTransactions,
    customer,
    carrier,
    platformPayouts: parts.platformPayoutsOre,
    total: fromTransactions + customer + carrier - parts.platformPayoutsOre,
  };
}

/** GET /admin/platform-saldo. */
export async function platformSaldo(context: LedgerContext): Promise<PlatformSaldo> {
  const saldo = await platformSaldoOre(context.db);
  return {
    total: oreToDkk(saldo.total),
    platformFromTransactions: oreToDkk(saldo.fromTransactions),
    customerAdjustments: oreToDkk(saldo.customer),
    carrierAdjustments: oreToDkk(saldo.carrier),
    platformPayouts: oreToDkk(saldo.platformPayouts),
  };
}

/** GET /admin/platform-saldo.csv: 'platform_balance', one line per part and the total. */
export function platformSaldoCsv(context: LedgerContext): Readable {
  return csvStream({
    header: ['Post', 'Beløb (DKK)'],
    nextPage: async (offset) => {
      if (offset > 0) return [];
      const saldo = await platformSaldoOre(context.db);
      return [
        ['Fra transaktioner', saldo.fromTransactions],
        ['Kundejusteringer', saldo.customer],
        ['Carrierjusteringer', saldo.carrier],
        ['Platformudbetalinger', -saldo.platformPayouts],
        ['I alt', saldo.total],
      ] as [string, number][];
    },
    toCells: ([name, ore]) => [name, csvMoney(ore)],
  });
}

/** GET /admin/financial-overview. */
export async function financialOverview(context: LedgerContext): Promise<FinancialOverview> {
  const [months, balances] = await Promise.all([revenueByMonth(context.db), carrierBalances(context.db)]);
  const sum = (pick: (m: (typeof months)[number]) => number) => months.reduce((total, month) => total + pick(month), 0);
  return {
    totalRevenueAllTime: oreToDkk(sum((m) => m.revenueOre)),
    totalTransactionsAllTime: sum((m) => m.transactions),
    platformCommissionAllTime: oreToDkk(sum((m) => m.commissionOre)),
    revenueByMonth: months.map((m) => ({
      month: m.month,
      revenue: oreToDkk(m.revenueOre),
      platformCommission: oreToDkk(m.commissionOre),
      transactions: m.transactions,
    })),
    carriersWithPending: await withCarrierNames(
      context,
      balances
        .map((balance) => ({ carrierId: balance.carrierId, ...netsOf(balance) }))
        .filter((balance) => balance.pendingNetOre > 0)
        .map((balance) => ({ carrierId: balance.carrierId, pendingNet: oreToDkk(balance.pendingNetOre), balanceNet: oreToDkk(balance.balanceNetOre) })),
    ),
  };
}

/** 'Navn (Firma)' from svc-ledger's user directory, in one query; null while identity's announcement is on its way. */
async function withCarrierNames<T extends { carrierId: number }>(context: LedgerContext, rows: T[]): Promise<Array<T & { carrierName: string | null }>> {
  const names = await directoryNamesOf(context.db, rows.map((row) => row.carrierId));
  return rows.map((row) => {
    const person = names.get(row.carrierId);
    return { ...row, carrierName: person ? displayName(person) : null };
  });
}
