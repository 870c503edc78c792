import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeletionRequest, DeletionRequest } from '@fragtbud/contracts';
import { api, invalidateTask, queryKeys } from '@fragtbud/web';

export type DeletionDecision = 'approve' | 'reject';

export const resolveDeletionRequest = (request: Pick<AdminDeletionRequest, 'id' | 'taskId'>, action: DeletionDecision) =>
  api.put<{ message: string; request: DeletionRequest }>(`/tasks/${request.taskId}/deletion-requests/${request.id}`, { action }, { preferServerMessage: true });

/**
 * PUT /tasks/{id}/deletion-requests/{requestId} {action} from the inbox: the request leaves the pending list at once;
 * the inbox, the badge and the task (approving cancels it) are asked for again.
 */
export function useResolveDeletionRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, action }: { request: AdminDeletionRequest; action: DeletionDecision }) => resolveDeletionRequest(request, action),
    onSuccess: (_answer, { request }) => {
      client.setQueryData<{ items: AdminDeletionRequest[]; total: number }>(
        queryKeys.adminDeletionRequests('pending'),
        (current) => current && { items: current.items.filter((item) => item.id !== request.id), total: Math.max(0, current.total - 1) },
      );
      void client.invalidateQueries({ queryKey: queryKeys.allAdminDeletionRequests() });
      void client.invalidateQueries({ queryKey: queryKeys.adminCounts() });
      void invalidateTask(client, request.taskId);
    },
  });
}
