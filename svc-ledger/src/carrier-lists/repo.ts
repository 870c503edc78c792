import type { Db } from '../context';

export interface CarrierListRow {
  id: number;
  name: string;
  description: string;
  fee_percentage: number;
  fixed_fee_ore: number;
  min_fee_ore: number;
  created_at: Date;
  updated_at: Date;
}

export type CarrierListWithCount = CarrierListRow & { carrier_count: number };

export type NewCarrierList = Pick<CarrierListRow, 'name' | 'description' | 'fee_percentage' | 'fixed_fee_ore' | 'min_fee_ore'>;
export type CarrierListPatch = Partial<NewCarrierList>;

/** Unique violation: another list has that name (case-insensitive). */
export const isNameTaken = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

function withCount(db: Db) {
  return db('carrier_lists as l')
    .select('l.*', db.raw('(select count(*) from carrier_list_assignments a where a.list_id = l.id) as carrier_count'));
}

export async function listCarrierLists(db: Db): Promise<CarrierListWithCount[]> {
  return (await withCount(db).orderBy([{ column: 'l.name' }, { column: 'l.id' }])) as CarrierListWithCount[];
}

export async function findCarrierList(db: Db, id: number): Promise<CarrierListWithCount | undefined> {
  return (await withCount(db).where('l.id', id).first()) as CarrierListWithCount | undefined;
}

/** The list, held until the transaction ends: a list being deleted cannot get new carriers meanwhile. */
export async function lockCarrierList(db: Db, id: number): Promise<CarrierListRow | undefined> {
  return db<CarrierListRow>('carrier_lists').where({ id }).forUpdate().first();
}

/** The list, kept from being deleted until the transaction ends (a carrier is being put on it). */
export async function shareCarrierList(db: Db, id: number): Promise<CarrierListRow | undefined> {
  return db<CarrierListRow>('carrier_lists').where({ id }).forShare().first();
}

export async function insertCarrierList(db: Db, list: NewCarrierList): Promise<CarrierListRow> {
  const rows = (await db('carrier_lists').insert(list).returning('*')) as CarrierListRow[];
  return rows[0] as CarrierListRow;
}

export async function updateCarrierList(db: Db, id: number, patch: CarrierListPatch, now: Date): Promise<CarrierListRow | undefined> {
  const rows = (await db('carrier_lists')
    .where({ id })
    .update({ ...patch, updated_at: now })
    .returning('*')) as CarrierListRow[];
  return rows[0];
}

export async function countCarriersOn(db: Db, listId: number): Promise<number> {
  const [row] = (await db('carrier_list_assignments').where({ list_id: listId }).count({ count: '*' })) as Array<{
    count: number | string;
  }>;
  return Number(row?.count ?? 0);
}

export async function deleteCarrierList(db: Db, id: number): Promise<boolean> {
  return (await db('carrier_lists').where({ id }).delete()) > 0;
}
