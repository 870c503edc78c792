import { messages, taskNotificationTitle, taskTypes, type TaskType } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { Db } from '../context';

export interface LedgerTaskRow {
  task_id: number;
  status: string;
  customer_id: number | null;
  carrier_id: number | null;
  updated_at: Date;
}

/** The task's latest status as svc-tasks announced it, with its type and cities (an older event without cities keeps the known ones). */
export async function saveTaskStatus(
  db: Db,
  row: {
    task_id: number;
    status: string;
    customer_id: number | null;
    carrier_id: number | null;
    type: TaskType;
    from_city?: string | null;
    to_city?: string | null;
  },
): Promise<void> {
  const { from_city, to_city, ...known } = row;
  const updated_at = new Date();
  await db('ledger_tasks')
    .insert({ ...known, from_city: from_city ?? null, to_city: to_city ?? null, updated_at })
    .onConflict('task_id')
    .merge({
      ...known,
      updated_at,
      from_city: from_city === undefined ? db.raw('ledger_tasks.from_city') : from_city,
      to_city: to_city === undefined ? db.raw('ledger_tasks.to_city') : to_city,
    });
}

const isTaskType = (value: string | null): value is TaskType => (taskTypes as readonly string[]).includes(value ?? '');

/** Each task's title ('Flytning · Aarhus C → København K'), for the tasks whose type the ledger has been told of. */
export async function taskTitlesOf(db: Db, taskIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(taskIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = (await db('ledger_tasks').whereIn('task_id', ids).select('task_id', 'type', 'from_city', 'to_city')) as {
    task_id: number;
    type: string | null;
    from_city: string | null;
    to_city: string | null;
  }[];
  return new Map(
    rows
      .filter((row) => isTaskType(row.type))
      .map((row) => [row.task_id, taskNotificationTitle(row.task_id, { type: row.type as TaskType, fromCity: row.from_city, toCity: row.to_city })]),
  );
}

export async function taskStatusOf(db: Db, taskId: number): Promise<LedgerTaskRow | undefined> {
  return (await db('ledger_tasks').where({ task_id: taskId }).first()) as LedgerTaskRow | undefined;
}

/** A task svc-tasks announced as created: a status the ledger already knows (a later event) stays. */
export async function saveCreatedTask(
  db: Db,
  row: { task_id: number; status: string; customer_id: number | null; type: TaskType; from_city: string | null; to_city: string | null },
): Promise<void> {
  await db('ledger_tasks')
    .insert({ ...row, carrier_id: null, updated_at: new Date() })
    .onConflict('task_id')
    .ignore();
}

/**
 * A money action naming a task (payout, adjustment) names one the ledger has heard of: svc-tasks announced it, or
 * svc-payments booked a payment of it. Otherwise its row would link to nothing: 422 'Opgave ikke fundet'.
 */
export async function requireKnownTask(db: Db, taskId: number | undefined): Promise<void> {
  if (taskId === undefined) return;
  const known =
    (await db('ledger_tasks').where({ task_id: taskId }).first('task_id')) ??
    (await db('ledger_transactions').where({ task_id: taskId }).first('task_id'));
  if (!known) {
    throw domainError('task_not_found', { variant: 'unknownToLedger', details: [{ path: 'taskId', message: messages.taskNotFound }] });
  }
}
