import type { PayoutStatus, PayoutType } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface PayoutRow {
  id: number;
  type: PayoutType;
  carrier_id: number | null;
  task_id: number | null;
  amount_net_ore: number;
  amount_gross_ore: number;
  status: PayoutStatus;
  provider_ref: string | null;
  origin: 'admin' | 'request';
  idempotency_key: string;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
}

export type NewPayout = Pick<
  PayoutRow,
  'type' | 'carrier_id' | 'task_id' | 'amount_net_ore' | 'amount_gross_ore' | 'status' | 'provider_ref' | 'origin' | 'idempotency_key' | 'created_by'
> & { paid_at: Date | null };

const toRow = (row: PayoutRow): PayoutRow => ({
  ...row,
  amount_net_ore: Number(row.amount_net_ore),
  amount_gross_ore: Number(row.amount_gross_ore),
});

/** The new payout, or null when its idempotency key (or a carrier's open request) is taken. */
export async function insertPayout(db: Db, payout: NewPayout): Promise<PayoutRow | null> {
  const inserted = (await db('payouts').insert(payout).onConflict().ignore().returning('*')) as PayoutRow[];
  return inserted[0] ? toRow(inserted[0]) : null;
}

export async function payoutByKey(db: Db, key: string): Promise<PayoutRow | undefined> {
  const row = (await db('payouts').where({ idempotency_key: key }).first()) as PayoutRow | undefined;
  return row && toRow(row);
}

/**
 * The carrier's open (pending) request, locked for the rest of the transaction: an admin marking it paid or cancelled
 * waits for the request that grows it, or — when the admin came first — the request sees it settled and makes a new one.
 */
export async function openRequestOf(db: Db, carrierId: number): Promise<PayoutRow | undefined> {
  const row = (await db('payouts').where({ carrier_id: carrierId, origin: 'request', status: 'pending' }).forUpdate().first()) as
    | PayoutRow
    | undefined;
  return row && toRow(row);
}

/** Grows a still-pending request to `netOre`; null when it was settled meanwhile (the update is conditioned on the status). */
export async function growPendingRequest(db: Db, id: number, netOre: number, grossOre: number): Promise<PayoutRow | null> {
  const [row] = (await db('payouts')
    .where({ id, status: 'pending' })
    .update({ amount_net_ore: netOre, amount_gross_ore: grossOre, updated_at: new Date() })
    .returning('*')) as PayoutRow[];
  return row ? toRow(row) : null;
}

export async function countCarrierPayouts(db: Db, carrierId: number): Promise<number> {
  const counted = (await db('payouts').where({ carrier_id: carrierId }).count({ n: '*' }).first()) as { n: number | string };
  return Number(counted.n);
}

export async function lockPayout(db: Db, id: number): Promise<PayoutRow | undefined> {
  const row = (await db('payouts').where({ id }).forUpdate().first()) as PayoutRow | undefined;
  return row && toRow(row);
}

/** Changes a payout that is still in `status` (what the caller read under its lock); null when it moved on. */
export async function updatePayout(
  db: Db,
  id: number,
  status: PayoutStatus,
  patch: Partial<Pick<PayoutRow, 'status' | 'provider_ref' | 'paid_at'>>,
): Promise<PayoutRow | null> {
  const [row] = (await db('payouts')
    .where({ id, status })
    .update({ ...patch, updated_at: new Date() })
    .returning('*')) as PayoutRow[];
  return row ? toRow(row) : null;
}

/**
 * Serialises everything that changes one carrier's pendingNet (payouts, requests, adjustments) for the rest of the
 * transaction, so two at once cannot both spend the same amount.
 */
export async function lockCarrierMoney(db: Db, carrierId: number): Promise<void> {
  await db.raw('select pg_advisory_xact_lock(?::int, ?::int)', [1_201, carrierId]);
}

/** The same for the platform's saldo (platform payouts). */
export async function lockPlatformMoney(db: Db): Promise<void> {
  await db.raw('select pg_advisory_xact_lock(?::int, ?::int)', [1_202, 0]);
}
