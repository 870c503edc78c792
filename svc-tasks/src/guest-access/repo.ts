import type { Db } from '../context';
import type { TaskRow } from '../tasks/repo';

export async function saveAccessHash(db: Db, taskId: number, tokenHash: string, now: Date): Promise<void> {
  await db('task_guest_access').insert({ task_id: taskId, token_hash: tokenHash, created_at: now });
}

/** The task's link hash and whether the task has an owner by now (a claimed task's link no longer opens it). */
export async function findAccessHash(db: Db, taskId: number): Promise<{ tokenHash: string; claimed: boolean } | undefined> {
  const row = (await db('task_guest_access')
    .join('tasks', 'tasks.id', 'task_guest_access.task_id')
    .where('task_guest_access.task_id', taskId)
    .first('task_guest_access.token_hash', 'tasks.user_id')) as { token_hash: string; user_id: number | null } | undefined;
  return row && { tokenHash: row.token_hash, claimed: row.user_id !== null };
}

/** A guest's tasks left with this contact e-mail (any case) and no owner, held until the transaction ends. */
export async function lockUnclaimedTasksOf(db: Db, email: string): Promise<Pick<TaskRow, 'id' | 'type' | 'status'>[]> {
  return (await db('tasks')
    .select('id', 'type', 'status')
    .whereNull('user_id')
    .whereRaw('lower(contact_email) = lower(?)', [email])
    .orderBy('id')
    .forUpdate()) as Pick<TaskRow, 'id' | 'type' | 'status'>[];
}

export async function setOwner(db: Db, taskId: number, userId: number, now: Date): Promise<void> {
  await db('tasks').where({ id: taskId }).whereNull('user_id').update({ user_id: userId, is_guest: false, updated_at: now });
}
