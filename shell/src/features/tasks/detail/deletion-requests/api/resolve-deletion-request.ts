import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequest } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export type DeletionAction = 'approve' | 'reject';

export const resolveDeletionRequest = (taskId: number, requestId: number, action: DeletionAction) =>
  api.put<{ message: string; request: DeletionRequest }>(`/tasks/${taskId}/deletion-requests/${requestId}`, { action });

/**
 * PUT /tasks/{id}/deletion-requests/{requestId} (admin). The answer replaces the request in the list; an approval
 * cancels the task, so the task is asked for again.
 */
export function useResolveDeletionRequest(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, action }: { requestId: number; action: DeletionAction }) => resolveDeletionRequest(taskId, requestId, action),
    onSuccess: (answer, { action }) => {
      client.setQueryData<{ items: DeletionRequest[] }>(queryKeys.taskDeletionRequests(taskId), (current) => ({
        items: (current?.items ?? []).map((item) => (item.id === answer.request.id ? answer.request : item)),
      }));
      if (action === 'approve') {
        void client.invalidateQueries({ queryKey: queryKeys.task(taskId), exact: true });
        void client.invalidateQueries({ queryKey: queryKeys.allTasks() });
      }
    },
  });
}
