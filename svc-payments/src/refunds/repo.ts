import type { PaymentProviderName } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface RefundRow {
  id: number;
  payment_id: number;
  task_id: number;
  customer_id: number;
  amount_ore: number;
  provider: PaymentProviderName;
  provider_refund_id: string | null;
  idempotency_key: string;
  status: 'pending' | 'succeeded' | 'failed';
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  succeeded_at: Date | null;
}

const fromDb = (row: RefundRow | undefined) => (row ? { ...row, amount_ore: Number(row.amount_ore) } : undefined);

/** The refund of a payment: the one recorded before, or a new pending one. */
export async function refundOfPayment(
  db: Db,
  refund: Pick<RefundRow, 'payment_id' | 'task_id' | 'customer_id' | 'amount_ore' | 'provider' | 'idempotency_key'>,
): Promise<RefundRow> {
  await db('refunds').insert(refund).onConflict('payment_id').ignore();
  const row = fromDb(await db('refunds').where({ payment_id: refund.payment_id }).forUpdate().first());
  if (!row) throw new Error(`refund of payment ${refund.payment_id} vanished`);
  return row;
}

export async function lockRefundByProviderId(db: Db, providerRefundId: string): Promise<RefundRow | undefined> {
  return fromDb(await db('refunds').where({ provider_refund_id: providerRefundId }).forUpdate().first());
}

export async function updateRefund(
  db: Db,
  id: number,
  patch: Partial<Pick<RefundRow, 'provider_refund_id' | 'status' | 'last_error' | 'succeeded_at'>>,
): Promise<RefundRow> {
  const [row] = (await db('refunds')
    .where({ id })
    .update({ ...patch, updated_at: new Date() })
    .returning('*')) as RefundRow[];
  return fromDb(row)!;
}
