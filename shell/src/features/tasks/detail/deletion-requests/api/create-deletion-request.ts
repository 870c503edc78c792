import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequest } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const createDeletionRequest = (taskId: number, reason: string) =>
  api.post<DeletionRequest>(`/tasks/${taskId}/deletion-requests`, reason.trim() ? { reason: reason.trim() } : {});

/** POST /tasks/{id}/deletion-requests: the owner or the assigned carrier asks an admin to delete the task. */
export function useCreateDeletionRequest(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => createDeletionRequest(taskId, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.taskDeletionRequests(taskId) }),
  });
}
