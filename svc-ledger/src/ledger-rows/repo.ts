import type { LedgerRowType } from '@fragtbud/contracts';
import type { Db } from '../context';

/** One row of the view `ledger_rows` (migration 003): every transaction, payout, adjustment, refund and charge. */
export interface LedgerViewRow {
  type: LedgerRowType;
  id: number;
  date: Date;
  task_id: number | null;
  status: string;
  amount_ore: number;
  gross_ore: number | null;
  net_ore: number | null;
  carrier_id: number | null;
  customer_id: number | null;
  platform_commission_ore: number | null;
  platform_fee_ex_ore: number | null;
  small_fee_ex_ore: number | null;
  vat_total_ore: number | null;
  vat_on_net_ore: number | null;
  vat_on_fees_ore: number | null;
  carrier_payout_gross_ore: number | null;
  carrier_payout_net_ore: number | null;
  payout_type: 'carrier' | 'platform' | null;
  payout_id: number | null;
  reason: string | null;
  provider_ref: string | null;
  payment_id: number | null;
  bid_id: number | null;
  /** The amount carries VAT (migration 008): a transaction, a refund, a payout with VAT, an adjustment or charge said so. */
  vat_included: boolean;
}

export interface LedgerFilter {
  from?: Date;
  /** Exclusive. */
  before?: Date;
  carrierId?: number;
  customerId?: number;
  taskId?: number;
  status?: string;
  types?: readonly LedgerRowType[];
}

function filtered(db: Db, filter: LedgerFilter) {
  const query = db('ledger_rows');
  if (filter.from) query.where('date', '>=', filter.from);
  if (filter.before) query.where('date', '<', filter.before);
  if (filter.carrierId !== undefined) query.where('carrier_id', filter.carrierId);
  if (filter.customerId !== undefined) query.where('customer_id', filter.customerId);
  if (filter.taskId !== undefined) query.where('task_id', filter.taskId);
  if (filter.status !== undefined) query.where('status', filter.status);
  if (filter.types) query.whereIn('type', filter.types as LedgerRowType[]);
  return query;
}

const order = (direction: 'asc' | 'desc') => [
  { column: 'date', order: direction },
  { column: 'type', order: direction },
  { column: 'id', order: direction },
];

export async function listLedgerRows(
  db: Db,
  filter: LedgerFilter,
  page: { offset: number; limit: number; direction?: 'asc' | 'desc' },
): Promise<LedgerViewRow[]> {
  const rows = await filtered(db, filter)
    .select('*')
    .orderBy(order(page.direction ?? 'desc'))
    .offset(page.offset)
    .limit(page.limit);
  return rows as LedgerViewRow[];
}

export async function countLedgerRows(db: Db, filter: LedgerFilter): Promise<number> {
  const counted = (await filtered(db, filter).count({ count: '*' }).first()) as { count: number | string } | undefined;
  return Number(counted?.count ?? 0);
}
