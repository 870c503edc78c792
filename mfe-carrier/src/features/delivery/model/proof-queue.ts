import { enqueueRequest, onQueueChange, requestQueue, type QueuedRequest } from '@fragtbud/web';
import type { ProofRequest } from '../api/submit-proof';
import { proofPath } from '../api/submit-proof';
import { DELIVERY_CONFIRMED, FAILED_TRIP_RECORDED, PICKUP_CONFIRMED, type ProofKind } from './delivery-messages';

/*
 * A proof that could not be sent (no signal, or the server answering 503) goes into libs/web's offline queue on the
 * device with the key made when the carrier pressed 'Indsend bevis', and is sent from there when the connection
 * returns (issue 29). The signature, if its upload failed too, travels as PNG bytes and is uploaded first; photos whose
 * upload failed for lack of a connection travel as bytes too and are appended to `images`, each uploaded once.
 */

export type ProofQueueMeta = {
  kind: 'proof';
  taskId: number;
  type: ProofKind;
  failed: boolean;
  /** For the shell's strip: 'Afhentningsbevis · opgave #12'. */
  label: string;
  /** Shown when it has gone. */
  sentText: string;
};

const LABELS: Record<ProofKind, string> = { pickup: 'Afhentningsbevis', delivery: 'Leveringsbevis' };

export function isProofMeta(meta: unknown, taskId?: number): meta is ProofQueueMeta {
  const m = meta as Partial<ProofQueueMeta> | null;
  return !!m && m.kind === 'proof' && typeof m.taskId === 'number' && (taskId === undefined || m.taskId === taskId);
}

export function proofSentText(type: ProofKind, failed: boolean): string {
  return failed ? FAILED_TRIP_RECORDED : type === 'pickup' ? PICKUP_CONFIRMED : DELIVERY_CONFIRMED;
}

export function queueProof(input: {
  key: string;
  ownerId: number;
  taskId: number;
  type: ProofKind;
  body: ProofRequest;
  signature: { bytes: ArrayBuffer; type: string } | null;
  /** Photos picked without a connection: uploaded when it returns, appended to `images` in this order. */
  photos?: { bytes: ArrayBuffer; type: string; filename: string }[];
}): Promise<QueuedRequest<ProofQueueMeta>> {
  const failed = input.body.failed === true;
  return enqueueRequest<ProofQueueMeta>({
    key: input.key,
    ownerId: input.ownerId,
    path: proofPath(input.taskId),
    body: { ...input.body },
    uploads: [
      ...(input.signature ? [{ field: 'signature', bytes: input.signature.bytes, type: input.signature.type, filename: 'underskrift.png' }] : []),
      ...(input.photos ?? []).map((photo) => ({ field: 'images', append: true, ...photo })),
    ],
    meta: {
      kind: 'proof',
      taskId: input.taskId,
      type: input.type,
      failed,
      label: `${LABELS[input.type]} · opgave #${input.taskId}`,
      sentText: proofSentText(input.type, failed),
    },
  });
}

/** The carrier's proofs for this task still on the device (waiting or refused). */
export async function queuedProofs(ownerId: number, taskId: number): Promise<QueuedRequest<ProofQueueMeta>[]> {
  const queue = requestQueue();
  if (!queue) return [];
  return (await queue.list(ownerId)).filter((entry): entry is QueuedRequest<ProofQueueMeta> => isProofMeta(entry.meta, taskId));
}

export { onQueueChange };
