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

export async function transactionsOfTask(db: Db, taskId: number): Promise<TransactionRow[]> {
  return (await db('ledger_transactions').where({ task_id: taskId }).orderBy('id')) as TransactionRow[];
}

export async function transactionOfPayment(db: Db, paymentId: number): Promise<TransactionRow | undefined> {
  return (await db('ledger_transactions').where({ payment_id: paymentId }).first()) as TransactionRow | undefined;
}
