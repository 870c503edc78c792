import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeletionRequest, DeletionRequest } from '@fragtbud/contracts';
import { api, invalidateTask, queryKeys } from '@fragtbud/web';

export type DeletionDecision = 'approve' | 'reject';

export const resolveDeletionRequest = (request: Pick<AdminDeletionRequest, 'id' | 'taskId'>, action: DeletionDecision) =>
  api.put<{ message: string; request: DeletionRequest }>(`/tasks/${request.taskId}/deletion-requests/${request.id}`, { action }, { preferServerMessage: true });

/**
 * PUT /tasks/{id}/deletion-requests/{requestId} {action} from the inbox: the inbox (every status), the badge and the
 * task (approving cancels it) are asked again; the decision settles once the inbox on screen shows the answer.
 */
export function useResolveDeletionRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, action }: { request: AdminDeletionRequest; action: DeletionDecision }) => resolveDeletionRequest(request, action),
    onSuccess: (_answer, { request }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.allAdminDeletionRequests() }),
        client.invalidateQueries({ queryKey: queryKeys.adminCounts() }),
        invalidateTask(client, request.taskId),
      ]),
  });
}
