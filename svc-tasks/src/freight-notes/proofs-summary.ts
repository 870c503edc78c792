import { fileKeyOfUrl } from '@fragtbud/contracts';
import type { Db } from '../context';
import type { FileStorage } from '../uploads/storage';

/**
 * Short pickup and delivery proof lines for the PDF, read from svc-tasks' proofs table when it exists (issue #5
 * proofs). Read defensively (select *): a proofs table that is missing or shaped differently gives no section
 * rather than a broken PDF.
 */
export interface ProofSection {
  label: string;
  lines: ProofLine[];
}

/** One proof: its summary line and, when the bytes could be read, the signature and photos as the print view shows them. */
export interface ProofLine {
  text: string;
  signature?: Buffer | null;
  photos?: Buffer[];
}

/** Photos per proof put in the PDF (the print view shows them all; a page has room for a row of them). */
export const pdfPhotosPerProof = 4;

const proofLabels: Record<string, string> = {
  pickup: 'Afhentet',
  pickup_failed: 'Forgæves afhentning',
  delivery: 'Leveret',
  delivery_failed: 'Forgæves levering',
};

const dateTime = (value: unknown): string => {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('da-DK', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Copenhagen' }).format(date);
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function imageUrls(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((url): url is string => typeof url === 'string') : [];
}

/** The stored bytes behind an /api/files/… URL; nothing (never an error) when the URL or the file is not ours. */
async function bytesOf(storage: FileStorage | undefined, url: unknown): Promise<Buffer | null> {
  if (!storage || typeof url !== 'string') return null;
  const key = fileKeyOfUrl(url);
  if (!key) return null;
  try {
    return await storage.get(key);
  } catch {
    return null;
  }
}

/** `55,67610° N, 12,56830° Ø`: decimal commas, as the Fragtbrev tab shows it (libs/web formatPosition). */
function danishPosition(lat: number, lng: number): string {
  const degrees = (value: number) => Math.abs(value).toFixed(5).replace('.', ',');
  return `${degrees(lat)}° ${lat < 0 ? 'S' : 'N'}, ${degrees(lng)}° ${lng < 0 ? 'V' : 'Ø'}`;
}

function lineOf(row: Record<string, unknown>): string {
  const type = String(row.type);
  const parts = [`${proofLabels[type] ?? type} ${dateTime(row.occurred_at ?? row.created_at)}`.trim()];
  const signer = text(row.signer_name) ?? text(row.signed_by);
  if (signer) parts.push(`Kvitteret af: ${signer}`);
  const images = imageUrls(row.image_urls).length;
  if (images > 0) parts.push(images === 1 ? '1 billede' : `${images} billeder`);
  if (text(row.signature_image)) parts.push('Underskrift');
  if (typeof row.lat === 'number' && typeof row.lng === 'number') parts.push(`Position: ${danishPosition(row.lat, row.lng)}`);
  const note = text(row.note);
  if (note) parts.push(`Note: ${note.length > 120 ? `${note.slice(0, 117)}...` : note}`);
  // On a line of its own: when it was taken on the device and when it reached us (apart when it waited in the
  // carrier's offline queue, issue 29).
  const captured = dateTime(row.captured_at ?? row.occurred_at ?? row.created_at);
  const received = dateTime(row.created_at);
  const times = [captured && `Taget: ${captured}`, received && `Modtaget: ${received}`].filter(Boolean).join(' · ');
  return times ? `${parts.join(' · ')}\n${times}` : parts.join(' · ');
}

async function proofLineOf(row: Record<string, unknown>, storage: FileStorage | undefined): Promise<ProofLine> {
  const photos = await Promise.all(imageUrls(row.image_urls).slice(0, pdfPhotosPerProof).map((url) => bytesOf(storage, url)));
  return {
    text: lineOf(row),
    signature: await bytesOf(storage, text(row.signature_image)),
    photos: photos.filter((photo): photo is Buffer => photo !== null),
  };
}

/** When a proof was taken (on the device) and when it arrived, for the freight note's JSON view (issue 29). */
export interface ProofTimes {
  id: number;
  type: string;
  captured_at: string | null;
  received_at: string;
}

const iso = (value: unknown): string | null => {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

/** The task's pickup and delivery proofs by their capture and arrival times, oldest first (captured = occurred when not sent later). */
export async function proofTimes(db: Db, taskId: number): Promise<ProofTimes[]> {
  let rows: Record<string, unknown>[];
  try {
    if (!(await db.schema.hasTable('task_proofs'))) return [];
    rows = (await db('task_proofs').select('*').where({ task_id: taskId }).whereIn('type', Object.keys(proofLabels)).orderBy('id', 'asc')) as Record<
      string,
      unknown
    >[];
  } catch {
    return [];
  }
  return rows.map((row) => ({
    id: Number(row.id),
    type: String(row.type),
    captured_at: iso(row.captured_at) ?? iso(row.occurred_at),
    received_at: iso(row.created_at) ?? '',
  }));
}

/** The proof sections of the PDF; with `storage`, each proof also carries its signature and photos. */
export async function proofSections(db: Db, taskId: number, storage?: FileStorage): Promise<ProofSection[]> {
  let rows: Record<string, unknown>[];
  try {
    if (!(await db.schema.hasTable('task_proofs'))) return [];
    rows = (await db('task_proofs')
      .select('*')
      .where({ task_id: taskId })
      .whereIn('type', Object.keys(proofLabels))
      .orderBy('id', 'asc')) as Record<string, unknown>[];
  } catch {
    return [];
  }
  const section = async (label: string, types: string[]): Promise<ProofSection> => {
    const lines = await Promise.all(rows.filter((row) => types.includes(String(row.type))).map((row) => proofLineOf(row, storage)));
    return { label, lines: lines.length > 0 ? lines : [{ text: 'Intet bevis registreret endnu.' }] };
  };
  return [await section('Afhentningsbevis', ['pickup', 'pickup_failed']), await section('Leveringsbevis', ['delivery', 'delivery_failed'])];
}
