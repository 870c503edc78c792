import type { FreightChange, FreightNoteStatus } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface FreightNoteRow {
  task_id: number;
  status: FreightNoteStatus;
  /** { sender, pickup, recipient, delivery, bill_to, carrier } as saved */
  data: Record<string, unknown>;
  goods: Record<string, unknown>;
  change_log: FreightChange[];
  created_at: Date;
  updated_at: Date;
}

/** pg hands jsonb back parsed; be tolerant of text all the same. */
function json<T>(value: unknown, fallback: T): T {
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return (value ?? fallback) as T;
}

function fromDb(row: Record<string, unknown> | undefined): FreightNoteRow | undefined {
  if (!row) return undefined;
  return {
    ...(row as unknown as FreightNoteRow),
    data: json(row.data, {}),
    goods: json(row.goods, {}),
    change_log: json(row.change_log, []),
  };
}

export async function findFreightNote(db: Db, taskId: number, options: { forUpdate?: boolean } = {}): Promise<FreightNoteRow | undefined> {
  const query = db('freight_notes').where({ task_id: taskId }).first();
  if (options.forUpdate) query.forUpdate();
  return fromDb(await query);
}

export interface FreightNoteWrite {
  status: FreightNoteStatus;
  data: Record<string, unknown>;
  goods: Record<string, unknown>;
  change_log: FreightChange[];
}

/** Creates the note on its first save, else replaces it (jsonb goes in as JSON text). */
export async function saveFreightNote(db: Db, taskId: number, note: FreightNoteWrite, now: Date): Promise<FreightNoteRow> {
  const values = {
    status: note.status,
    data: JSON.stringify(note.data),
    goods: JSON.stringify(note.goods),
    change_log: JSON.stringify(note.change_log),
    updated_at: now,
  };
  const [row] = (await db('freight_notes')
    .insert({ task_id: taskId, ...values, created_at: now })
    .onConflict('task_id')
    .merge(values)
    .returning('*')) as Record<string, unknown>[];
  const saved = fromDb(row);
  if (!saved) throw new Error(`freight note of task ${taskId} was not saved`);
  return saved;
}

export async function hasBidOnTask(db: Db, taskId: number, carrierId: number): Promise<boolean> {
  const row = await db('task_bidders').where({ task_id: taskId, carrier_id: carrierId }).first('task_id');
  return row !== undefined;
}
