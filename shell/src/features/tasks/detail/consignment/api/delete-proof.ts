import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, invalidateTask } from '@fragtbud/web';

export const deleteProof = (taskId: number, proofId: number) => api.delete(`/tasks/${taskId}/proofs/${proofId}`);

/** DELETE /tasks/{id}/proofs/{proofId}: the task, its proofs and the lists are read again. */
export function useDeleteProof(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proofId: number) => deleteProof(taskId, proofId),
    onSuccess: () => invalidateTask(client, taskId),
  });
}
