import type { Db } from '../context';

export interface TaskTypeSettingRow {
  type: string;
  max_bids: number;
  created_at: Date;
  updated_at: Date;
}

const table = 'task_type_settings';

/** A unique violation: the type already has a row. */
export const isTypeTaken = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export async function listTaskTypeSettings(db: Db): Promise<TaskTypeSettingRow[]> {
  return db<TaskTypeSettingRow>(table).select('*').orderBy('type', 'asc');
}

export async function findTaskTypeSetting(db: Db, type: string): Promise<TaskTypeSettingRow | undefined> {
  return db<TaskTypeSettingRow>(table).where({ type }).first();
}

/** Same as findTaskTypeSetting, holding the row until the transaction ends, so changes to one type queue up. */
export async function lockTaskTypeSetting(db: Db, type: string): Promise<TaskTypeSettingRow | undefined> {
  return db<TaskTypeSettingRow>(table).where({ type }).forUpdate().first();
}

/** Throws a unique violation (isTypeTaken) when the type has a row already. */
export async function insertTaskTypeSetting(db: Db, type: string, maxBids: number, now: Date): Promise<TaskTypeSettingRow> {
  const rows = (await db(table).insert({ type, max_bids: maxBids, created_at: now, updated_at: now }).returning('*')) as TaskTypeSettingRow[];
  const row = rows[0];
  if (!row) throw new Error('task_type_settings insert returned no row');
  return row;
}

export async function updateTaskTypeSetting(db: Db, type: string, maxBids: number, now: Date): Promise<TaskTypeSettingRow | undefined> {
  const rows = (await db(table).where({ type }).update({ max_bids: maxBids, updated_at: now }).returning('*')) as TaskTypeSettingRow[];
  return rows[0];
}

/** (Through `returning`: on PGlite, knex's delete() gives the driver's result object, not a count.) */
export async function deleteTaskTypeSetting(db: Db, type: string): Promise<boolean> {
  const rows = (await db(table).where({ type }).delete().returning('type')) as unknown[];
  return rows.length > 0;
}
