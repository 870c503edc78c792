import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddProofBody, Proof, TaskStatus } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

/** The POST body as the client sends it (the server's schema trims and checks it again). */
export type ProofRequest = Omit<AddProofBody, 'occurred_at'>;

export interface ProofAnswer {
  proof: Proof;
  task: { id: number; status: TaskStatus; pickup_at: string | null; delivered_at: string | null };
}

export const proofPath = (taskId: number) => `/tasks/${taskId}/proofs`;

/**
 * POST /tasks/{id}/proofs: a pickup proof sets picked_up, a delivery proof delivered; `failed` only records it. The
 * Idempotency-Key is the one made when the carrier pressed the button: the offline queue resends with it.
 */
export function submitProof(taskId: number, body: ProofRequest, idempotencyKey?: string): Promise<ProofAnswer> {
  return api.post<ProofAnswer>(proofPath(taskId), body, { idempotencyKey });
}

/** A proof changes the task (status, times), its proofs and freight note, and the task lists. */
export function useSubmitProof(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ProofRequest; key?: string }) => submitProof(taskId, body, key),
    onSuccess: () => void invalidateTask(client, taskId),
  });
}
