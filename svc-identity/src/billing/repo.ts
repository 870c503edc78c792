import type { BillingInfo } from '@fragtbud/contracts';
import type { Db } from '../context';

export type BillingChangeStatus = 'pending' | 'approved' | 'rejected';

export interface BillingChangeRow {
  id: number;
  user_id: number;
  data: BillingInfo;
  status: BillingChangeStatus;
  created_at: Date;
  decided_at: Date | null;
  decided_by: number | null;
}

export type BillingChangeWithUser = BillingChangeRow & { user_name: string; user_email: string; user_company: string | null };

/**
 * Inserts a pending change, or returns undefined when the carrier already has one (the partial unique index
 * decides, so two racing requests cannot both get in). Not for use inside a transaction: the violation aborts it.
 */
export async function insertBillingChange(db: Db, userId: number, data: BillingInfo, now: Date): Promise<BillingChangeRow | undefined> {
  try {
    const rows = (await db('billing_changes')
      .insert({ user_id: userId, data: JSON.stringify(data), status: 'pending', created_at: now })
      .returning('*')) as BillingChangeRow[];
    return rows[0];
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return undefined;
    throw error;
  }
}

export async function latestBillingChangeOf(db: Db, userId: number): Promise<BillingChangeRow | undefined> {
  return db<BillingChangeRow>('billing_changes').where({ user_id: userId }).orderBy('id', 'desc').first();
}

export async function listBillingChanges(db: Db, status: BillingChangeStatus | undefined): Promise<BillingChangeWithUser[]> {
  return db('billing_changes')
    .join('users', 'users.id', 'billing_changes.user_id')
    .modify((query) => {
      if (status) query.where('billing_changes.status', status);
    })
    .orderBy('billing_changes.id', 'desc')
    .limit(500)
    .select('billing_changes.*', 'users.name as user_name', 'users.email as user_email', 'users.company as user_company');
}

export async function lockBillingChange(db: Db, id: number): Promise<BillingChangeRow | undefined> {
  return db<BillingChangeRow>('billing_changes').where({ id }).forUpdate().first();
}

export async function decideBillingChange(
  db: Db,
  id: number,
  decision: { status: BillingChangeStatus; decided_at: Date; decided_by: number },
): Promise<BillingChangeRow> {
  const rows = (await db('billing_changes').where({ id }).update(decision).returning('*')) as BillingChangeRow[];
  return rows[0] as BillingChangeRow;
}
