import type { Db } from '../context';

export interface AssignmentRow {
  id: number;
  user_id: number;
  list_id: number;
  assigned_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** An assignment with the list it points at (the list's columns prefixed `list_`). */
export interface AssignmentWithList extends AssignmentRow {
  list_name: string;
  list_fee_percentage: number;
  list_fixed_fee_ore: number;
  list_min_fee_ore: number;
}

function withList(db: Db) {
  return db('carrier_list_assignments as a')
    .join('carrier_lists as l', 'l.id', 'a.list_id')
    .select(
      'a.*',
      'l.name as list_name',
      'l.fee_percentage as list_fee_percentage',
      'l.fixed_fee_ore as list_fixed_fee_ore',
      'l.min_fee_ore as list_min_fee_ore',
    );
}

export async function listAssignments(db: Db, userIds: number[] | undefined): Promise<AssignmentWithList[]> {
  const query = withList(db).orderBy('a.user_id', 'asc');
  if (userIds) query.whereIn('a.user_id', userIds);
  return (await query) as AssignmentWithList[];
}

export async function findAssignmentById(db: Db, id: number): Promise<AssignmentWithList | undefined> {
  return (await withList(db).where('a.id', id).first()) as AssignmentWithList | undefined;
}

/** The carrier's list (and its fee), if they are on one. */
export async function findAssignmentOfUser(db: Db, userId: number): Promise<AssignmentWithList | undefined> {
  return (await withList(db).where('a.user_id', userId).first()) as AssignmentWithList | undefined;
}

export async function lockAssignmentOfUser(db: Db, userId: number): Promise<AssignmentRow | undefined> {
  return db<AssignmentRow>('carrier_list_assignments').where({ user_id: userId }).forUpdate().first();
}

/**
 * Puts a user who is on no list on the list; undefined when they are on one already. Of two admins assigning the
 * same new carrier at once, one inserts and the other waits for it and gets undefined (then moves the carrier).
 */
export async function insertAssignmentIfAbsent(
  db: Db,
  userId: number,
  listId: number,
  by: number,
  now: Date,
): Promise<AssignmentRow | undefined> {
  const rows = (await db('carrier_list_assignments')
    .insert({ user_id: userId, list_id: listId, assigned_by: by, created_at: now, updated_at: now })
    .onConflict('user_id')
    .ignore()
    .returning('*')) as AssignmentRow[];
  return rows[0];
}

export async function moveAssignment(db: Db, id: number, listId: number, by: number, now: Date): Promise<AssignmentRow> {
  const rows = (await db('carrier_list_assignments')
    .where({ id })
    .update({ list_id: listId, assigned_by: by, updated_at: now })
    .returning('*')) as AssignmentRow[];
  return rows[0] as AssignmentRow;
}

export async function deleteAssignment(db: Db, id: number): Promise<AssignmentRow | undefined> {
  const rows = (await db('carrier_list_assignments').where({ id }).delete().returning('*')) as AssignmentRow[];
  return rows[0];
}

export async function deleteAssignmentOfUser(db: Db, userId: number): Promise<AssignmentRow | undefined> {
  const rows = (await db('carrier_list_assignments').where({ user_id: userId }).delete().returning('*')) as AssignmentRow[];
  return rows[0];
}
