import type { Db } from '../context';

export interface AdjustmentRow {
  id: number;
  party: 'carrier' | 'customer';
  user_id: number;
  task_id: number | null;
  amount_ore: number;
  /** The VAT part of amount_ore (0 without VAT); net = amount − vat (docs/money.md). */
  vat_included: boolean;
  vat_ore: number;
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
  return { row: { ...found, amount_ore: Number(found.amount_ore), vat_ore: Number(found.vat_ore), vat_included: Boolean(found.vat_included) }, created: Boolean(inserted) };
}
