import type { PaymentProviderName, PaymentSnapshot, PaymentStatus } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface PaymentRow {
  id: number;
  task_id: number;
  bid_id: number;
  customer_id: number;
  carrier_id: number;
  amount_ore: number;
  currency: 'DKK';
  provider: PaymentProviderName;
  provider_payment_id: string;
  client_secret: string;
  idempotency_key: string;
  attempt: number;
  status: PaymentStatus;
  provider_status: string;
  snapshot: PaymentSnapshot;
  last_error: string | null;
  provider_customer_id: string | null;
  payment_method_id: string | null;
  created_at: Date;
  updated_at: Date;
  succeeded_at: Date | null;
}

export type NewPayment = Pick<
  PaymentRow,
  | 'task_id'
  | 'bid_id'
  | 'customer_id'
  | 'carrier_id'
  | 'amount_ore'
  | 'provider'
  | 'provider_payment_id'
  | 'client_secret'
  | 'idempotency_key'
  | 'attempt'
  | 'provider_status'
  | 'snapshot'
>;

function fromDb(row: (Omit<PaymentRow, 'snapshot'> & { snapshot: PaymentSnapshot | string }) | undefined): PaymentRow | undefined {
  if (!row) return undefined;
  return { ...row, amount_ore: Number(row.amount_ore), snapshot: typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot };
}

/** A succeeded payment of the task, if it has one. */
export async function findSucceededPaymentOfTask(db: Db, taskId: number): Promise<PaymentRow | undefined> {
  return fromDb(await db('payments').where({ task_id: taskId, status: 'succeeded' }).orderBy('id', 'asc').first());
}

/** The open (pending or succeeded) payment of this task, bid, amount and provider, if there is one. */
export async function findOpenPayment(
  db: Db,
  key: { task_id: number; bid_id: number; amount_ore: number; provider: PaymentProviderName },
): Promise<PaymentRow | undefined> {
  return fromDb(await db('payments').where(key).whereNot({ status: 'canceled' }).first());
}

/** How many payments of this task, bid, amount and provider were given up: the next attempt is one more. */
export async function countCanceledPayments(
  db: Db,
  key: { task_id: number; bid_id: number; amount_ore: number; provider: PaymentProviderName },
): Promise<number> {
  const row = (await db('payments').where({ ...key, status: 'canceled' }).count({ count: '*' }).first()) as { count: number } | undefined;
  return Number(row?.count ?? 0);
}

export async function findPaymentByProviderId(db: Db, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return fromDb(await db('payments').where({ provider_payment_id: providerPaymentId }).first());
}

export async function lockPaymentByProviderId(db: Db, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return fromDb(await db('payments').where({ provider_payment_id: providerPaymentId }).forUpdate().first());
}

export async function findPaymentByIdempotencyKey(db: Db, key: string): Promise<PaymentRow | undefined> {
  return fromDb(await db('payments').where({ idempotency_key: key }).first());
}

/**
 * Records a payment; undefined when another request recorded the same one first (same idempotency key or
 * intent, or another open payment of the same task, bid and amount).
 */
export async function insertPaymentIfAbsent(db: Db, payment: NewPayment, now: Date): Promise<PaymentRow | undefined> {
  const rows = (await db('payments')
    .insert({ ...payment, snapshot: JSON.stringify(payment.snapshot), status: 'pending', created_at: now, updated_at: now })
    .onConflict()
    .ignore()
    .returning('*')) as PaymentRow[];
  return fromDb(rows[0]);
}

export async function updatePayment(
  db: Db,
  id: number,
  patch: Partial<Pick<PaymentRow, 'status' | 'provider_status' | 'last_error' | 'succeeded_at' | 'provider_customer_id' | 'payment_method_id'>>,
  now: Date,
): Promise<PaymentRow> {
  const rows = (await db('payments')
    .where({ id })
    .update({ ...patch, updated_at: now })
    .returning('*')) as PaymentRow[];
  const row = fromDb(rows[0]);
  if (!row) throw new Error(`payment ${id} vanished inside its own transaction`);
  return row;
}

/** The user's Stripe customer id, if one was made. */
export async function stripeCustomerOf(db: Db, userId: number): Promise<string | undefined> {
  const row = (await db('stripe_customers').where({ user_id: userId }).first()) as { customer_id: string } | undefined;
  return row?.customer_id;
}

export async function saveStripeCustomer(db: Db, userId: number, customerId: string): Promise<void> {
  await db('stripe_customers').insert({ user_id: userId, customer_id: customerId }).onConflict('user_id').ignore();
}
