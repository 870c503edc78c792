import {
  canTransition,
  eventTypes,
  finishedTaskStatuses,
  messages,
  taskNotificationTitle,
  type AdminDeletionRequest,
  type AdminDeletionRequestList,
  type AuthUser,
  type DeletionRequest,
  type EventPayload,
  type TaskType,
} from '@fragtbud/contracts';
import { displayName, domainError } from '@fragtbud/platform';
import type { Db, EventMeta, TasksContext } from '../context';
import { findTaskById, lockTaskById } from '../tasks/repo';
import { namesOf } from '../user-directory';
import { applyStatus } from '../tasks/service';
import { relationOf, seesFullTask } from '../tasks/task-json';

interface DeletionRequestRow {
  id: number;
  task_id: number;
  requested_by: number;
  role: 'customer' | 'carrier';
  reason: string | null;
  status: 'pending' | 'approved' | 'rejected';
  resolved_by: number | null;
  created_at: Date;
  resolved_at: Date | null;
}

const notFound = () => domainError('task_not_found');
const forbidden = () => domainError('forbidden');
const pendingExists = () => domainError('deletion_request_pending');

function toJson(row: DeletionRequestRow): DeletionRequest {
  return {
    id: row.id,
    task_id: row.task_id,
    requested_by: row.requested_by,
    role: row.role,
    reason: row.reason,
    status: row.status,
    resolved_by: row.resolved_by,
    created_at: new Date(row.created_at).toISOString(),
    resolved_at: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  };
}

/** The requester by name (a carrier with their company), null until identity's announcement has arrived. */
async function withRequesterNames(db: Db, rows: DeletionRequestRow[]): Promise<DeletionRequest[]> {
  const names = await namesOf(db, rows.map((row) => row.requested_by));
  return rows.map((row) => {
    const person = names.get(row.requested_by);
    const requesterName = person ? (row.role === 'carrier' ? displayName(person) : person.name) : null;
    return { ...toJson(row), requester_name: requesterName };
  });
}

const pendingOf = (db: Db, taskId: number) =>
  db('task_deletion_requests').where({ task_id: taskId, status: 'pending' }).first() as Promise<DeletionRequestRow | undefined>;

/** The owner or the assigned carrier asks an admin to delete the task; one pending request per task. */
export async function createDeletionRequest(
  context: TasksContext,
  caller: AuthUser,
  taskId: number,
  reason: string | undefined,
  meta: EventMeta,
): Promise<DeletionRequest> {
  return context.db.transaction(async (trx) => {
    const task = await lockTaskById(trx, taskId);
    if (!task || (task.status === 'pending_admin_review' && !seesFullTask(caller, task))) throw notFound();
    const relation = relationOf(caller, task);
    if (relation === 'none') throw forbidden();
    // Approving cancels the task (spec section 4): nothing to ask for once it is completed or cancelled.
    if ((finishedTaskStatuses as readonly string[]).includes(task.status)) throw domainError('deletion_request_not_allowed');
    if (await pendingOf(trx, taskId)) throw pendingExists();
    const [row] = (await trx('task_deletion_requests')
      .insert({
        task_id: taskId,
        requested_by: caller.id,
        role: relation === 'owner' ? 'customer' : 'carrier',
        reason: reason ?? null,
        status: 'pending',
        created_at: new Date(),
      })
      .returning('*')) as DeletionRequestRow[];
    if (!row) throw new Error('deletion request insert returned no row');
    await context.outbox.add(
      trx,
      eventTypes.deletionRequestCreated,
      {
        taskId,
        userId: task.user_id,
        requestId: row.id,
        requestedBy: caller.id,
        role: row.role,
        // The task by type and route and the reason, so the admins' notification and mail say what is asked.
        type: task.type,
        fromCity: task.from_city ?? null,
        toCity: task.to_city ?? null,
        reason: row.reason,
      } satisfies EventPayload<
        typeof eventTypes.deletionRequestCreated
      >,
      meta,
    );
    return toJson(row);
  });
}

/** The most requests the admin's inbox lists at once (the oldest pending first, so none is forgotten). */
const ADMIN_LIST_LIMIT = 100;

/**
 * GET /admin/deletion-requests?status=: the admin's inbox across tasks — each task by its type and route, the
 * requester by name and role, the reason; pending ones oldest first, answered ones newest first.
 */
export async function listAdminDeletionRequests(context: TasksContext, status: DeletionRequest['status']): Promise<AdminDeletionRequestList> {
  const base = context.db('task_deletion_requests as r').join('tasks as t', 't.id', 'r.task_id').where('r.status', status);
  const [{ count } = { count: 0 }] = (await base.clone().count<{ count: number | string }[]>({ count: '*' })) as { count: number | string }[];
  const rows = (await base
    .clone()
    .select('r.*', 't.type as task_type', 't.from_city as task_from_city', 't.to_city as task_to_city', 't.status as task_status')
    .orderBy('r.created_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('r.id', status === 'pending' ? 'asc' : 'desc')
    .limit(ADMIN_LIST_LIMIT)) as Array<DeletionRequestRow & { task_type: TaskType; task_from_city: string | null; task_to_city: string | null; task_status: string }>;
  const named = await withRequesterNames(context.db, rows);
  const items = rows.map((row, index): AdminDeletionRequest => ({
    id: row.id,
    taskId: row.task_id,
    taskTitle: taskNotificationTitle(row.task_id, { type: row.task_type, fromCity: row.task_from_city, toCity: row.task_to_city }),
    taskStatus: row.task_status,
    requester: { id: row.requested_by, name: named[index]?.requester_name ?? null, role: row.role },
    reason: row.reason,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  }));
  return { items, total: Number(count) };
}

/** Admin: every request of the task; the owner or the assigned carrier: their own. */
export async function listDeletionRequests(context: TasksContext, caller: AuthUser, taskId: number): Promise<DeletionRequest[]> {
  const task = await findTaskById(context.db, taskId);
  if (!task || (task.status === 'pending_admin_review' && !seesFullTask(caller, task))) throw notFound();
  const query = context.db('task_deletion_requests').where({ task_id: taskId }).orderBy('id', 'desc');
  if (caller.role !== 'admin') {
    if (relationOf(caller, task) === 'none') throw forbidden();
    query.andWhere({ requested_by: caller.id });
  }
  return withRequesterNames(context.db, (await query) as DeletionRequestRow[]);
}

/** Admin: approve (the task is cancelled) or reject a pending request. */
export async function resolveDeletionRequest(
  context: TasksContext,
  caller: AuthUser,
  taskId: number,
  requestId: number,
  action: 'approve' | 'reject',
  meta: EventMeta,
): Promise<{ message: string; request: DeletionRequest }> {
  return context.db.transaction(async (trx) => {
    const task = await lockTaskById(trx, taskId);
    if (!task) throw notFound();
    const request = (await trx('task_deletion_requests').where({ id: requestId, task_id: taskId }).forUpdate().first()) as
      | DeletionRequestRow
      | undefined;
    if (!request) throw domainError('deletion_request_not_found');
    if (request.status !== 'pending') throw domainError('deletion_request_resolved');

    const now = new Date();
    const status = action === 'approve' ? 'approved' : 'rejected';
    const [updated] = (await trx('task_deletion_requests')
      .where({ id: requestId })
      .update({ status, resolved_by: caller.id, resolved_at: now })
      .returning('*')) as DeletionRequestRow[];
    if (action === 'approve' && canTransition(task.status, 'cancelled', 'system')) {
      await applyStatus(trx, context, caller, task, 'cancelled', {}, meta);
    }
    await context.outbox.add(
      trx,
      eventTypes.deletionRequestResolved,
      { taskId, userId: task.user_id, requestId, requestedBy: request.requested_by, status, resolvedBy: caller.id } satisfies EventPayload<
        typeof eventTypes.deletionRequestResolved
      >,
      meta,
    );
    // Named as the list names it: the admin's list shows this answer in place of the pending request.
    const [resolved] = (await withRequesterNames(trx, [updated ?? { ...request, status, resolved_by: caller.id, resolved_at: now }])) as [DeletionRequest];
    return {
      message: action === 'approve' ? messages.deletionRequestApproved : messages.deletionRequestRejected,
      request: resolved,
    };
  });
}
