import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddProofBody, Proof, TaskStatus } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

/** The POST body as the client sends it (the server's schema trims and checks it again). */
export type ProofRequest = Omit<AddProofBody, 'occurred_at'>;

export interface ProofAnswer {
  proof: Proof;
  task: { id: number; status: TaskStatus; pickup_at: string | null; delivered_at: string | null };
}

/** POST /tasks/{id}/proofs: a pickup proof sets picked_up, a delivery proof delivered; `failed` only records it. */
export function submitProof(taskId: number, body: ProofRequest): Promise<ProofAnswer> {
  return api.post<ProofAnswer>(`/tasks/${taskId}/proofs`, body);
}

/** A proof changes the task (status, times), its proofs and freight note, and the task lists. */
export function useSubmitProof(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProofRequest) => submitProof(taskId, body),
    onSuccess: () => void invalidateTask(client, taskId),
  });
}
