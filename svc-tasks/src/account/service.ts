import { type AuthUser, type TaskStatus } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { listRatings } from '../ratings/service';
import type { TaskRow } from '../tasks/repo';
import { taskJsonFor } from '../tasks/task-json';

/** A task in these states is finished; any other keeps its owner and assigned carrier from deleting their accounts. */
const finishedStatuses: readonly TaskStatus[] = ['completed', 'cancelled'];

const tasksOf = (context: TasksContext, userId: number) =>
  context.db<TaskRow>('tasks').where((w) => w.where({ user_id: userId }).orWhere({ assigned_carrier_id: userId }));

/** What svc-tasks holds about the caller, as they see it: their tasks (as owner or assigned carrier), proofs, ratings, deletion requests. */
export async function accountDataOf(context: TasksContext, caller: AuthUser) {
  const tasks = (await tasksOf(context, caller.id).orderBy('id')) as TaskRow[];
  const taskIds = tasks.map((task) => task.id);
  const proofs = taskIds.length
    ? await context.db('task_proofs')
        .whereIn('task_id', taskIds)
        .orderBy('id')
        .select('id', 'task_id', 'type', 'image_urls', 'signer_name', 'note', 'lat', 'lng', 'occurred_at', 'created_at')
    : [];
  return {
    tasks: tasks.map((row) => taskJsonFor(caller, row)),
    proofs,
    ratings: await listRatings(context, caller, {}),
    deletionRequests: await context.db('task_deletion_requests')
      .where({ requested_by: caller.id })
      .orderBy('id')
      .select('id', 'task_id', 'role', 'reason', 'status', 'created_at', 'resolved_at'),
  };
}

/**
 * Whether the caller may delete their account now: not while a task they own, or are the assigned carrier of, is
 * neither completed nor cancelled (the other party relies on them, and money may still move). 409 otherwise.
 */
export async function assertMayLeave(context: TasksContext, caller: AuthUser): Promise<void> {
  if (await hasActiveTasks(context, caller.id)) throw domainError('account_has_active_tasks');
}

/** The same rule when an admin deletes someone else's account (svc-identity asks before deleting). */
export async function assertUserMayBeDeleted(context: TasksContext, userId: number): Promise<void> {
  if (await hasActiveTasks(context, userId)) throw domainError('user_has_active_tasks');
}

async function hasActiveTasks(context: TasksContext, userId: number): Promise<boolean> {
  return Boolean(await tasksOf(context, userId).whereNotIn('status', finishedStatuses).first('id'));
}
