import type { Db } from '../context';

export interface TransactionRow {
  id: number;
  payment_id: number;
  event_id: string;
  task_id: number;
  bid_id: number;
  customer_id: number;
  carrier_id: number;
  status: string;
  currency: string;
  provider: string;
  provider_payment_id: string;
  gross_ore: number;
  net_ore: number;
  platform_fee_ex_ore: number;
  small_fee_ex_ore: number;
  carrier_fee_ore: number;
  platform_commission_ore: number;
  vat_total_ore: number;
  vat_on_net_ore: number;
  vat_on_fees_ore: number;
  carrier_payout_gross_ore: number;
  carrier_payout_net_ore: number;
  vat_percentage: number;
  carrier_fee_percentage: number;
  carrier_fixed_fee_ore: number;
  carrier_list_id: number | null;
  occurred_at: Date;
  created_at: Date;
}

export type NewTransaction = Omit<TransactionRow, 'id' | 'created_at'>;

/** Books a payment; false when it was booked before (the same payment id). */
export async function insertTransactionIfAbsent(db: Db, row: NewTransaction): Promise<boolean> {
  const inserted = (await db('ledger_transactions').insert(row).onConflict('payment_id').ignore().returning('id')) as { id: number }[];
  return inserted.length > 0;
}

export interface TransactionFilter {
  from?: Date;
  /** Exclusive. */
  before?: Date;
  carrierId?: number;
  customerId?: number;
  taskId?: number;
  status?: string;
}

function filtered(db: Db, filter: TransactionFilter) {
  const query = db('ledger_transactions');
  if (filter.from) query.where('occurred_at', '>=', filter.from);
  if (filter.before) query.where('occurred_at', '<', filter.before);
  if (filter.carrierId !== undefined) query.where('carrier_id', filter.carrierId);
  if (filter.customerId !== undefined) query.where('customer_id', filter.customerId);
  if (filter.taskId !== undefined) query.where('task_id', filter.taskId);
  if (filter.status !== undefined) query.where('status', filter.status);
  return query;
}

/** Newest first. */
export async function listTransactions(
  db: Db,
  filter: TransactionFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    filtered(db, filter)
      .select('*')
      .orderBy([
        { column: 'occurred_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    filtered(db, filter).count({ count: '*' }).first() as Promise<{ count: number | string } | undefined>,
  ]);
  return { rows: rows as TransactionRow[], total: Number(counted?.count ?? 0) };
}
