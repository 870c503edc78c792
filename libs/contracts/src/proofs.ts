import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';
import { taskImageUrlSchema } from './tasks';

/** Proof kinds (spec section 3). `initial` is reserved for the task's own photos; clients submit pickup or delivery. */
export const proofTypes = ['initial', 'pickup', 'delivery', 'pickup_failed', 'delivery_failed'] as const;
export type ProofType = (typeof proofTypes)[number];
export const proofSubmitTypes = ['pickup', 'delivery'] as const;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string({ error: messages.proofTextTooLong }).trim().max(max, messages.proofTextTooLong).optional(),
  );
const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.number({ error: messages.locationInvalid }).finite(messages.locationInvalid).min(min, messages.locationInvalid).max(max, messages.locationInvalid).optional(),
  );

/**
 * POST /tasks/{id}/proofs. Images and the signature are uploaded first (POST /upload/image; the signature canvas as
 * a PNG, which the upload re-encodes) and referenced by their /api/files/ URL. `failed` = refused or failed: records
 * pickup_failed / delivery_failed and leaves the status alone. At least one of images, signature, a location
 * (lat and lng) or `failed` — else 'Tilføj bevis (billede/underskrift/lokation) eller markér forgæves kørsel.'.
 */
export const addProofBodySchema = z
  .object({
    type: z.enum(proofSubmitTypes, { error: messages.proofTypeInvalid }),
    images: z.preprocess(
      (v) => (v === null ? undefined : v),
      z.array(taskImageUrlSchema, { error: messages.imageUrlInvalid }).max(limits.imagesPerProof, messages.tooManyProofImages).optional(),
    ),
    signature: z.preprocess((v) => (v === null || v === '' ? undefined : v), taskImageUrlSchema.optional()),
    lat: optionalNumber(-90, 90),
    lng: optionalNumber(-180, 180),
    accuracy: optionalNumber(0, 1_000_000),
    signer_name: optionalText(200),
    note: optionalText(1000),
    occurred_at: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.iso.datetime({ offset: true, error: messages.invalidDate }).optional()),
    /**
     * When the carrier pressed 'Indsend bevis' on the device (issue 29): a proof kept in the offline queue arrives
     * later. The service refuses one in the future (beyond `proofCaptureLimits.clockSkewMs`) or older than 24 h.
     */
    captured_at: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.iso.datetime({ offset: true, error: messages.proofCapturedAtInvalid }).optional(),
    ),
    failed: z.boolean({ error: messages.invalidInput }).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: messages.locationInvalid });
    }
  });
export type AddProofBody = z.output<typeof addProofBodySchema>;

/** How far a proof's `captured_at` may lie from the server's clock: a phone's clock runs a little off; a day at most. */
export const proofCaptureLimits = { clockSkewMs: 5 * 60_000, maxAgeMs: 24 * 60 * 60_000 } as const;

/** The Danish reason a `captured_at` is refused at `now`, or null when it is accepted. */
export function capturedAtProblem(capturedAt: string, now: Date): string | null {
  const at = Date.parse(capturedAt);
  if (!Number.isFinite(at)) return messages.proofCapturedAtInvalid;
  if (at > now.getTime() + proofCaptureLimits.clockSkewMs) return messages.proofCapturedAtFuture;
  if (at < now.getTime() - proofCaptureLimits.maxAgeMs) return messages.proofCapturedAtTooOld;
  return null;
}

/** True when the body carries some proof: a photo, the signature, a location, or the refused/failed flag. */
export function hasProofContent(body: Pick<AddProofBody, 'images' | 'signature' | 'lat' | 'lng' | 'failed'>): boolean {
  return (body.images?.length ?? 0) > 0 || !!body.signature || (body.lat !== undefined && body.lng !== undefined) || body.failed === true;
}

export const proofSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  type: z.enum(proofTypes),
  image_urls: z.array(z.string()),
  signature_image: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy: z.number().nullable(),
  signer_name: z.string().nullable(),
  note: z.string().nullable(),
  occurred_at: z.string(),
  /** When it was taken on the device (a proof sent later from the offline queue); null for one sent at once. */
  captured_at: z.string().nullable().optional(),
  submitted_by: z.number().int().nullable(),
  /** When it arrived at the server. */
  created_at: z.string(),
});
export type Proof = z.infer<typeof proofSchema>;
export const proofListSchema = z.object({ items: z.array(proofSchema) });

/** POST answer: the proof and the task's status after it. */
export const addProofResponseSchema = z.object({
  proof: proofSchema,
  task: z.object({ id: z.number().int(), status: z.string(), pickup_at: z.string().nullable(), delivered_at: z.string().nullable() }),
});

/** :proofId / :requestId path params (int4 columns). */
export const proofIdSchema = z
  .string({ error: messages.invalidProofId })
  .regex(/^\d{1,15}$/, messages.invalidProofId)
  .transform(Number)
  .pipe(z.number().int().positive(messages.invalidProofId).max(2_147_483_647, messages.invalidProofId));
export const deletionRequestIdSchema = z
  .string({ error: messages.invalidDeletionRequestId })
  .regex(/^\d{1,15}$/, messages.invalidDeletionRequestId)
  .transform(Number)
  .pipe(z.number().int().positive(messages.invalidDeletionRequestId).max(2_147_483_647, messages.invalidDeletionRequestId));

// ---- deletion requests (spec section 3, 4) ----

export const deletionRequestStatuses = ['pending', 'approved', 'rejected'] as const;
export const createDeletionRequestBodySchema = z.object({
  reason: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: messages.deletionReasonTooLong }).trim().max(1000, messages.deletionReasonTooLong).optional(),
  ),
});
export const resolveDeletionRequestBodySchema = z.object({
  action: z.enum(['approve', 'reject'], { error: messages.deletionActionInvalid }),
});
export const deletionRequestSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  requested_by: z.number().int(),
  /** The requester's name from svc-tasks' user directory (in lists); null while not known. */
  requester_name: z.string().nullable().optional(),
  role: z.enum(['customer', 'carrier']),
  reason: z.string().nullable(),
  status: z.enum(deletionRequestStatuses),
  resolved_by: z.number().int().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export const deletionRequestListSchema = z.object({ items: z.array(deletionRequestSchema) });
export const resolveDeletionRequestResponseSchema = z.object({ message: z.string(), request: deletionRequestSchema });

/** GET /admin/deletion-requests?status=pending|approved|rejected (default pending), oldest first for pending. */
export const adminDeletionRequestsQuerySchema = z.object({
  status: z.preprocess(
    (v) => (Array.isArray(v) ? v.at(-1) : v === '' ? undefined : v),
    z.enum(deletionRequestStatuses, { error: messages.deletionRequestStatusInvalid }).default('pending'),
  ),
});
/** One request in the admin's inbox: the task by its type and route, the requester by name and role. */
export const adminDeletionRequestSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  /** 'Flytning · Aarhus C → København K' (taskNotificationTitle). */
  taskTitle: z.string(),
  taskStatus: z.string(),
  requester: z.object({ id: z.number().int(), name: z.string().nullable(), role: z.enum(['customer', 'carrier']) }),
  reason: z.string().nullable(),
  status: z.enum(deletionRequestStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AdminDeletionRequest = z.infer<typeof adminDeletionRequestSchema>;
export const adminDeletionRequestListSchema = z.object({ items: z.array(adminDeletionRequestSchema), total: z.number().int() });
export type AdminDeletionRequestList = z.infer<typeof adminDeletionRequestListSchema>;
