import type { Db } from '../context';

export interface InsuranceRow {
  id: number;
  user_id: number;
  file_url: string;
  /** yyyy-mm-dd or null. */
  expires_on: string | null;
  notes: string | null;
  created_at: Date;
}

const columns = (db: Db) => [
  'id',
  'user_id',
  'file_url',
  db.raw(`to_char(expires_at, 'YYYY-MM-DD') as expires_on`),
  'notes',
  'created_at',
];

export async function listInsuranceOf(db: Db, userId: number): Promise<InsuranceRow[]> {
  return db('insurance_records').where({ user_id: userId }).orderBy('id', 'desc').select(columns(db));
}

/** The user's own record; undefined when there is no such record of theirs. */
export async function findInsuranceOf(db: Db, userId: number, id: number): Promise<InsuranceRow | undefined> {
  return db('insurance_records').where({ id, user_id: userId }).first(columns(db));
}

export async function insertInsurance(
  db: Db,
  record: { user_id: number; file_url: string; expires_at: string | null; notes: string | null },
  now: Date,
): Promise<InsuranceRow> {
  const [row] = (await db('insurance_records')
    .insert({ ...record, created_at: now, updated_at: now })
    .returning(columns(db) as string[])) as InsuranceRow[];
  return row as InsuranceRow;
}

/** Updates the user's own record; undefined when there is no such record of theirs. */
export async function updateInsuranceOf(
  db: Db,
  userId: number,
  id: number,
  patch: Partial<{ file_url: string; expires_at: string | null; notes: string | null }>,
  now: Date,
): Promise<InsuranceRow | undefined> {
  const rows = (await db('insurance_records')
    .where({ id, user_id: userId })
    .update({ ...patch, updated_at: now })
    .returning(columns(db) as string[])) as InsuranceRow[];
  return rows[0];
}
