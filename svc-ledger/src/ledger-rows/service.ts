import {
  addCalendarDays,
  copenhagenTimeToInstant,
  ledgerRowTypeLabels,
  ledgerStatusLabel,
  oreToDkk,
  payoutLabel,
  type AuthUser,
  type LedgerFilterQuery,
  type LedgerPage,
  type LedgerQuery,
  type LedgerRow,
  type PaymentHistory,
  type VatBase,
  vatBaseLabels,
} from '@fragtbud/contracts';
import { csvMoney, csvStream, directoryNamesOf, displayName, type CsvCell } from '@fragtbud/platform';
import type { Readable } from 'node:stream';
import type { LedgerContext } from '../context';
import { taskTitlesOf } from '../task-projection/repo';
import { countLedgerRows, listLedgerRows, type LedgerFilter, type LedgerViewRow } from './repo';

const dkk = (ore: number | null) => (ore === null ? null : oreToDkk(Number(ore)));

/**
 * The admin's ledger (table and CSV) reads each row in the platform's direction: a refund is money going back to
 * the customer, so its amount, gross and the commission it takes back are negative. The view keeps them positive
 * (the saldo, the overview and ledger:verify subtract refunds themselves), and so do the customer's own payments.
 */
function inPlatformDirection(row: LedgerViewRow): LedgerViewRow {
  if (row.type !== 'refund') return row;
  const back = (ore: number | null) => (ore === null || Number(ore) === 0 ? ore : -Number(ore));
  return {
    ...row,
    amount_ore: -Number(row.amount_ore),
    gross_ore: back(row.gross_ore),
    platform_commission_ore: back(row.platform_commission_ore),
    vat_total_ore: back(row.vat_total_ore),
  };
}

const vatBaseOf: Record<LedgerRow['type'], (row: LedgerViewRow) => VatBase> = {
  transaction: () => 'customer_price',
  refund: () => 'customer_price',
  payout: (row) => (Number(row.vat_total_ore ?? 0) === 0 ? 'none' : 'payout'),
  adjustment: (row) => (row.vat_included ? 'amount' : 'none'),
  charge: (row) => (row.vat_included ? 'amount' : 'none'),
};

/**
 * The one VAT model (docs/money.md) of a row already in the platform's direction: gross = netExVat + vat, with the
 * base the VAT is computed on. A transaction's `net` stays the bid's net (the carrier's price); its netExVat is the
 * customer's price ex VAT (bid + fees).
 */
export function vatOfRow(row: LedgerViewRow): { grossOre: number; netExVatOre: number; vatOre: number; vatBase: VatBase; vatIncluded: boolean } {
  const grossOre = Number(row.gross_ore ?? row.amount_ore);
  const vatOre = Number(row.vat_total_ore ?? 0);
  return { grossOre, netExVatOre: grossOre - vatOre, vatOre, vatBase: vatBaseOf[row.type](row), vatIncluded: Boolean(row.vat_included) };
}

/** A row of the view as the admin's ledger shows it (spec section 3 "Ledger row"). */
export function toLedgerRow(viewRow: LedgerViewRow): LedgerRow {
  const row = inPlatformDirection(viewRow);
  const vat = vatOfRow(row);
  return {
    type: row.type,
    id: row.id,
    date: row.date.toISOString(),
    task_id: row.task_id,
    status: row.status,
    label: row.type === 'payout' ? payoutLabel(row.status) : ledgerRowTypeLabels[row.type],
    amount: oreToDkk(Number(row.amount_ore)),
    gross: dkk(row.gross_ore),
    net: dkk(row.net_ore),
    carrier_id: row.carrier_id,
    customer_id: row.customer_id,
    platformCommission: dkk(row.platform_commission_ore),
    carrierPayout: dkk(row.carrier_payout_gross_ore),
    platformFeeEx: dkk(row.platform_fee_ex_ore),
    smallFeeEx: dkk(row.small_fee_ex_ore),
    vatTotal: dkk(row.vat_total_ore),
    vatOnNet: dkk(row.vat_on_net_ore),
    vatOnFees: dkk(row.vat_on_fees_ore),
    carrierPayoutGross: dkk(row.carrier_payout_gross_ore),
    carrierPayoutNet: dkk(row.carrier_payout_net_ore),
    payoutType: row.payout_type,
    payoutId: row.payout_id,
    reason: row.reason,
    providerRef: row.provider_ref,
    payment_id: row.payment_id,
    bid_id: row.bid_id,
    netExVat: oreToDkk(vat.netExVatOre),
    vat: oreToDkk(vat.vatOre),
    vatBase: vat.vatBase,
    vatIncluded: vat.vatIncluded,
  };
}

export const titleOf = (titles: Map<number, string>, taskId: number | null) => (taskId === null ? null : (titles.get(taskId) ?? null));

/** A day (yyyy-mm-dd) is a Copenhagen calendar day: `from` its start, `to` its end; a timestamp is taken as it is. */
function startOf(value: string): Date {
  return /T/.test(value) ? new Date(value) : copenhagenTimeToInstant(value, '00:00');
}
function endOf(value: string): Date {
  return /T/.test(value) ? new Date(new Date(value).getTime() + 1) : copenhagenTimeToInstant(addCalendarDays(value, 1), '00:00');
}

export function filterOf(query: LedgerFilterQuery): LedgerFilter {
  return {
    ...(query.from ? { from: startOf(query.from) } : {}),
    ...(query.to ? { before: endOf(query.to) } : {}),
    carrierId: query.carrierId,
    customerId: query.customerId,
    taskId: query.taskId,
    status: query.status,
    ...(query.type ? { types: [query.type] } : {}),
  };
}

/** GET /finance/ledger (admin): every row type, newest first. */
export async function getLedger(context: LedgerContext, query: LedgerQuery): Promise<LedgerPage> {
  const filter = filterOf(query);
  const [rows, total] = await Promise.all([
    listLedgerRows(context.db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    countLedgerRows(context.db, filter),
  ]);
  const [named, titles] = await Promise.all([withNames(context.db, rows), taskTitlesOf(context.db, rows.map((row) => row.task_id))]);
  const items = named.map(({ row, carrierName, customerName }) => ({
    ...toLedgerRow(row),
    carrier_name: carrierName,
    customer_name: customerName,
    task_title: titleOf(titles, row.task_id),
  }));
  return { items, total, page: query.page, limit: query.limit };
}

/** Copenhagen date and time as Excel reads it: 2026-03-02 23:30. */
export function csvDate(date: Date): string {
  return date.toLocaleString('sv-SE', { timeZone: 'Europe/Copenhagen' }).slice(0, 16);
}

const adminLedgerHeader = [
  'Type',
  'Id',
  'Dato',
  'TaskId',
  'Status',
  'Carrier ID',
  'Carrier',
  'Customer ID',
  'Kunde',
  'Beløb',
  'Brutto',
  'Netto',
  'Platform kommission',
  'Platform ex',
  'Lille ex',
  'Moms (i alt)',
  'Moms (netto)',
  'Moms (gebyrer)',
  'Udb. brutto',
  'Udb. netto',
  'Begrundelse',
  'Reference',
  'Netto ex moms',
  'Moms',
  'Momsgrundlag',
] as const;

/** A CSV row with its people by name (svc-ledger's user directory), so the file reads without a lookup of ids. */
interface NamedLedgerRow {
  row: LedgerViewRow;
  carrierName: string | null;
  customerName: string | null;
}

async function withNames(db: LedgerContext['db'], rows: LedgerViewRow[]): Promise<NamedLedgerRow[]> {
  const people = await directoryNamesOf(db, rows.flatMap((row) => [row.carrier_id, row.customer_id]));
  const nameOf = (id: number | null) => {
    const person = id === null ? undefined : people.get(id);
    return person ? displayName(person) : null;
  };
  return rows.map((row) => ({ row, carrierName: nameOf(row.carrier_id), customerName: nameOf(row.customer_id) }));
}

function adminLedgerCells({ row: viewRow, carrierName, customerName }: NamedLedgerRow): CsvCell[] {
  const row = inPlatformDirection(viewRow);
  const vat = vatOfRow(row);
  return [
    row.type === 'payout' ? payoutLabel(row.status) : ledgerRowTypeLabels[row.type],
    row.id,
    csvDate(row.date),
    row.task_id,
    ledgerStatusLabel(row.status),
    row.carrier_id,
    carrierName,
    row.customer_id,
    customerName,
    csvMoney(row.amount_ore),
    csvMoney(row.gross_ore),
    csvMoney(row.net_ore),
    csvMoney(row.platform_commission_ore),
    csvMoney(row.platform_fee_ex_ore),
    csvMoney(row.small_fee_ex_ore),
    csvMoney(row.vat_total_ore),
    csvMoney(row.vat_on_net_ore),
    csvMoney(row.vat_on_fees_ore),
    csvMoney(row.carrier_payout_gross_ore),
    csvMoney(row.carrier_payout_net_ore),
    row.reason,
    row.provider_ref,
    csvMoney(vat.netExVatOre),
    csvMoney(vat.vatOre),
    vatBaseLabels[vat.vatBase],
  ];
}

/** GET /finance/ledger.csv (admin): 'admin_ledger', the filtered rows, newest first, streamed page by page. */
export function ledgerCsv(context: LedgerContext, query: LedgerFilterQuery): Readable {
  const filter = filterOf(query);
  return csvStream({
    header: adminLedgerHeader,
    nextPage: async (offset, limit) => withNames(context.db, await listLedgerRows(context.db, filter, { offset, limit })),
    toCells: adminLedgerCells,
  });
}

/**
 * A row's VAT as its customer reads it: the ledger's own figures (vatOfRow), a refund positive like its amount —
 * the same øre the admin's ledger shows for the row, only not in the platform's direction.
 */
function customerVatOf(row: LedgerViewRow): { gross: number; netExVat: number; vat: number; vatBase: VatBase } {
  const vat = vatOfRow(row);
  const sign = vat.grossOre < 0 && row.type === 'refund' ? -1 : 1;
  return { gross: oreToDkk(sign * vat.grossOre), netExVat: oreToDkk(sign * vat.netExVatOre), vat: oreToDkk(sign * vat.vatOre), vatBase: vat.vatBase };
}

/** GET /finance/payments/me: the caller's payments, refunds and extra charges as a customer, newest first. */
export async function getOwnPayments(
  context: LedgerContext,
  caller: AuthUser,
  page: { page: number; limit: number },
): Promise<PaymentHistory> {
  const filter: LedgerFilter = { customerId: caller.id, types: ['transaction', 'refund', 'charge'] };
  const [rows, total] = await Promise.all([
    listLedgerRows(context.db, filter, { offset: (page.page - 1) * page.limit, limit: page.limit }),
    countLedgerRows(context.db, filter),
  ]);
  const titles = await taskTitlesOf(context.db, rows.map((row) => row.task_id));
  return {
    items: rows.map((row) => ({
      ...customerVatOf(row),
      id: row.id,
      type: row.type === 'transaction' ? 'payment' : (row.type as 'refund' | 'charge'),
      date: row.date.toISOString(),
      task_id: row.task_id,
      taskId: row.task_id,
      status: row.status,
      amount: oreToDkk(Number(row.amount_ore)),
      task_title: titleOf(titles, row.task_id),
      reason: row.type === 'charge' ? row.reason : null,
    })),
    total,
    page: page.page,
    limit: page.limit,
  };
}
