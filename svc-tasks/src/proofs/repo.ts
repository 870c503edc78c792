import { isFreightNoteLocked, type Proof, type ProofType } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface ProofRow {
  id: number;
  task_id: number;
  type: ProofType;
  image_urls: string[] | string;
  signature_image: string | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  signer_name: string | null;
  note: string | null;
  occurred_at: Date;
  /** When it was taken on the device (sent later from the offline queue); null when sent at once. */
  captured_at: Date | null;
  submitted_by: number | null;
  created_at: Date;
}

export type NewProof = Omit<ProofRow, 'id' | 'created_at' | 'image_urls'> & { image_urls: string[] };

export async function insertProof(db: Db, proof: NewProof, now: Date): Promise<ProofRow> {
  const [row] = (await db('task_proofs')
    .insert({ ...proof, image_urls: JSON.stringify(proof.image_urls), created_at: now })
    .returning('*')) as ProofRow[];
  if (!row) throw new Error('proof insert returned no row');
  return row;
}

export async function listProofs(db: Db, taskId: number): Promise<ProofRow[]> {
  return db('task_proofs').where({ task_id: taskId }).orderBy([{ column: 'occurred_at', order: 'asc' }, { column: 'id', order: 'asc' }]);
}

export async function findProof(db: Db, taskId: number, proofId: number): Promise<ProofRow | undefined> {
  return db('task_proofs').where({ task_id: taskId, id: proofId }).first();
}

export async function deleteProof(db: Db, proofId: number): Promise<void> {
  await db('task_proofs').where({ id: proofId }).delete();
}

/** Is the task's freight note locked (any status but draft)? False while svc-tasks has no freight notes table. */
export async function freightNoteLockedFor(db: Db, taskId: number): Promise<boolean> {
  const note = (await db('freight_notes').select('status').where({ task_id: taskId }).first()) as { status: string } | undefined;
  return note !== undefined && isFreightNoteLocked(note.status);
}

export function toProofJson(row: ProofRow): Proof {
  const images = typeof row.image_urls === 'string' ? (JSON.parse(row.image_urls) as string[]) : row.image_urls;
  return {
    id: row.id,
    task_id: row.task_id,
    type: row.type,
    image_urls: Array.isArray(images) ? images : [],
    signature_image: row.signature_image,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    accuracy: row.accuracy === null ? null : Number(row.accuracy),
    signer_name: row.signer_name,
    note: row.note,
    occurred_at: new Date(row.occurred_at).toISOString(),
    captured_at: row.captured_at ? new Date(row.captured_at).toISOString() : null,
    submitted_by: row.submitted_by,
    created_at: new Date(row.created_at).toISOString(),
  };
}
