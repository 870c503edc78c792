import type { Db } from '../context';

export interface AdjustmentRow {
  id: number;
  party: 'carrier' | 'customer';
  user_id: number;
  task_id: number | null;
  amount_ore: number;
  reason: string;
  idempotency_key: string;
  created_by: number | null;
  created_at: Date;
}

export type NewAdjustment = Omit<AdjustmentRow, 'id' | 'created_at'>;

/** The new adjustment, or the one made before under the same idempotency key. */
export async function insertAdjustment(db: Db, row: NewAdjustment): Promise<{ row: AdjustmentRow; created: boolean }> {
  const [inserted] = (await db('adjustments').insert(row).onConflict('idempotency_key').ignore().returning('*')) as AdjustmentRow[];
  const found = inserted ?? ((await db('adjustments').where({ idempotency_key: row.idempotency_key }).first()) as AdjustmentRow);
  return { row: { ...found, amount_ore: Number(found.amount_ore) }, created: Boolean(inserted) };
}
