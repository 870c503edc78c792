import type { Db } from '../context';

/**
 * Short pickup and delivery proof lines for the PDF, read from svc-tasks' proofs table when it exists (issue #5
 * proofs). Read defensively (select *): a proofs table that is missing or shaped differently gives no section
 * rather than a broken PDF.
 */
export interface ProofSection {
  label: string;
  lines: string[];
}

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

function imageCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed.length : 0;
    } catch {
      return 0;
    }
  }
  return 0;
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
  const images = imageCount(row.image_urls);
  if (images > 0) parts.push(images === 1 ? '1 billede' : `${images} billeder`);
  if (text(row.signature_image)) parts.push('Underskrift');
  if (typeof row.lat === 'number' && typeof row.lng === 'number') parts.push(`Position: ${danishPosition(row.lat, row.lng)}`);
  const note = text(row.note);
  if (note) parts.push(`Note: ${note.length > 120 ? `${note.slice(0, 117)}...` : note}`);
  return parts.join(' · ');
}

export async function proofSections(db: Db, taskId: number): Promise<ProofSection[]> {
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
  const section = (label: string, types: string[]): ProofSection => {
    const lines = rows.filter((row) => types.includes(String(row.type))).map(lineOf);
    return { label, lines: lines.length > 0 ? lines : ['Intet bevis registreret endnu.'] };
  };
  return [section('Afhentningsbevis', ['pickup', 'pickup_failed']), section('Leveringsbevis', ['delivery', 'delivery_failed'])];
}
