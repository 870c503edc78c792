import type { Db } from '../context';

export interface LedgerTaskRow {
  task_id: number;
  status: string;
  customer_id: number | null;
  carrier_id: number | null;
  updated_at: Date;
}

/** The task's latest status as svc-tasks announced it. */
export async function saveTaskStatus(
  db: Db,
  row: { task_id: number; status: string; customer_id: number | null; carrier_id: number | null },
): Promise<void> {
  await db('ledger_tasks')
    .insert({ ...row, updated_at: new Date() })
    .onConflict('task_id')
    .merge(['status', 'customer_id', 'carrier_id', 'updated_at']);
}

export async function taskStatusOf(db: Db, taskId: number): Promise<LedgerTaskRow | undefined> {
  return (await db('ledger_tasks').where({ task_id: taskId }).first()) as LedgerTaskRow | undefined;
}
