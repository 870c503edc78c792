import { eventTypes, maxBidsInForce, type EventPayload } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { BidsContext, Db } from '../context';
import {
  deleteTypeLimit,
  findPlatformLimit,
  findProjection,
  findTypeLimit,
  markDeleted,
  saveFacts,
  saveFetched,
  savePlatformLimit,
  setBidsCustomer,
  saveTypeLimit,
  type TaskFacts,
  type TaskProjectionRow,
} from './repo';

export const taskNotFound = () => domainError('task_not_found');

/**
 * Makes sure the task is known here before a bid on it is taken: a task whose created event has not arrived yet (or
 * whose limit changed without the event saying to what) is fetched from svc-tasks — before any transaction.
 */
export async function ensureProjected(context: BidsContext, taskId: number, requestId?: string): Promise<TaskProjectionRow> {
  const known = await findProjection(context.db, taskId);
  if (known && !known.needs_refresh) {
    if (known.deleted) throw taskNotFound();
    return known;
  }
  const fetched = await context.tasks.findTask(taskId, requestId);
  if (!fetched) throw taskNotFound();
  await saveFetched(
    context.db,
    { task_id: fetched.id, user_id: fetched.user_id, type: fetched.type, status: fetched.status, max_bids: fetched.max_bids, assigned_carrier_id: null },
    context.now(),
  );
  const row = await findProjection(context.db, taskId);
  if (!row || row.deleted) throw taskNotFound();
  return row;
}

/** The bid limit in force for a task: its own, else its type's, else the platform's (given, or as last announced), else 5. */
export async function maxBidsFor(db: Db, task: TaskProjectionRow, platformMaxBids?: number) {
  return maxBidsInForce({
    task: task.max_bids,
    type: await findTypeLimit(db, task.type),
    platform: platformMaxBids ?? (await findPlatformLimit(db)),
  });
}

// ---- events ----

type TaskCreated = EventPayload<typeof eventTypes.taskCreated>;
type TaskUpdated = EventPayload<typeof eventTypes.taskUpdated> & { maxBids?: number | null };
type TaskStatusChanged = EventPayload<typeof eventTypes.taskStatusChanged>;
type TaskDeleted = EventPayload<typeof eventTypes.taskDeleted>;

/** The task, its owner and its type: every task event but deletion names them. */
const taskOf = ({ taskId, userId, type }: TaskCreated | TaskUpdated | TaskStatusChanged) => ({ task_id: taskId, user_id: userId, type });

/** The cities as the event tells them; absent: unknown, kept as they are. */
const citiesOf = ({ fromCity, toCity }: TaskCreated | TaskStatusChanged) => ({ from_city: fromCity, to_city: toCity });

export async function onTaskCreated(trx: Db, data: TaskCreated, now: Date): Promise<void> {
  await saveFacts(trx, { ...taskOf(data), status: data.status, max_bids: data.maxBids, ...citiesOf(data) }, now);
}

/** `tasks.task.updated` names the fields that changed; a changed max_bids without its value is fetched later. */
export async function onTaskUpdated(trx: Db, data: TaskUpdated, now: Date): Promise<void> {
  const maxBidsChanged = data.changed.includes('max_bids');
  await saveFacts(
    trx,
    {
      ...taskOf(data),
      status: data.status,
      ...(maxBidsChanged && data.maxBids !== undefined ? { max_bids: data.maxBids } : {}),
      ...citiesAfter(data),
    },
    now,
    { needsRefresh: maxBidsChanged && data.maxBids === undefined },
  );
  // A guest's task attached to the account of its verified contact e-mail: its bids now answer to that owner.
  if (data.changed.includes('user_id')) await setBidsCustomer(trx, data.taskId, data.userId);
}

/**
 * The cities an edit leaves: as the event tells them (absent: untouched); a city it changed without saying to what
 * (an event from before they were added) is unknown, so no bid event names the old route.
 */
function citiesAfter({ fromCity, toCity, changed }: TaskUpdated): Pick<TaskFacts, 'from_city' | 'to_city'> {
  return {
    from_city: fromCity === undefined && changed.includes('from_city') ? null : fromCity,
    to_city: toCity === undefined && changed.includes('to_city') ? null : toCity,
  };
}

export async function onTaskStatusChanged(trx: Db, data: TaskStatusChanged, now: Date): Promise<void> {
  await saveFacts(trx, { ...taskOf(data), status: data.to, assigned_carrier_id: data.assignedCarrierId, ...citiesOf(data) }, now);
}

export async function onTaskDeleted(trx: Db, data: TaskDeleted, now: Date): Promise<void> {
  await markDeleted(trx, data.taskId, now);
}

export async function onTaskTypeUpdated(trx: Db, data: EventPayload<typeof eventTypes.taskTypeUpdated>, now: Date): Promise<void> {
  await saveTypeLimit(trx, data.type, data.maxBids, now);
}

export async function onTaskTypeDeleted(trx: Db, data: EventPayload<typeof eventTypes.taskTypeDeleted>): Promise<void> {
  await deleteTypeLimit(trx, data.type);
}

export async function onPlatformSettingsUpdated(trx: Db, data: EventPayload<typeof eventTypes.ledgerSettingsUpdated>, now: Date): Promise<void> {
  await savePlatformLimit(trx, data.maxBids, now);
}
