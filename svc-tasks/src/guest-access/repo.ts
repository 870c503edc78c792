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

/**
 * Claims of one account wait for each other (and for the account's e-mail being verified): a transaction-scoped lock on
 * the user's id, so a claim made while the verification is being recorded is seen by one side or the other.
 */
export async function lockClaimsOf(db: Db, userId: number): Promise<void> {
  await db.raw('select pg_advisory_xact_lock(?, ?)', [guestClaimLockSpace, userId]);
}
const guestClaimLockSpace = 24_005;

export async function saveVerifiedEmail(db: Db, userId: number, email: string, now: Date): Promise<void> {
  await db('verified_emails')
    .insert({ user_id: userId, email: email.toLowerCase(), verified_at: now })
    .onConflict('user_id')
    .merge(['email', 'verified_at']);
}

/** Whether the user has proved this e-mail (any case). */
export async function hasVerifiedEmail(db: Db, userId: number, email: string): Promise<boolean> {
  return Boolean(await db('verified_emails').where({ user_id: userId, email: email.toLowerCase() }).first('user_id'));
}

export async function savePendingClaim(db: Db, taskId: number, userId: number, now: Date): Promise<void> {
  await db('guest_claims').insert({ task_id: taskId, user_id: userId, requested_at: now }).onConflict('task_id').merge(['user_id', 'requested_at']);
}

/** The still unowned tasks the user asked to claim whose contact e-mail is this one, held until the transaction ends. */
export async function lockPendingClaimsOf(db: Db, userId: number, email: string): Promise<Pick<TaskRow, 'id' | 'type' | 'status'>[]> {
  return (await db('tasks')
    .join('guest_claims', 'guest_claims.task_id', 'tasks.id')
    .select('tasks.id', 'tasks.type', 'tasks.status')
    .where('guest_claims.user_id', userId)
    .whereNull('tasks.user_id')
    .whereRaw('lower(tasks.contact_email) = lower(?)', [email])
    .orderBy('tasks.id')
    .forUpdate()) as Pick<TaskRow, 'id' | 'type' | 'status'>[];
}

export async function deleteClaimOf(db: Db, taskId: number): Promise<void> {
  await db('guest_claims').where({ task_id: taskId }).delete();
}

export async function setOwner(db: Db, taskId: number, userId: number, now: Date): Promise<void> {
  await db('tasks').where({ id: taskId }).whereNull('user_id').update({ user_id: userId, is_guest: false, updated_at: now });
}
