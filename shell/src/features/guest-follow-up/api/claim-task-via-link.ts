import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestClaimResponse } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** POST /tasks/{id}/claim {access}: 'Knyt opgaven til min konto' — the guest's own act that makes the task theirs. */
export function claimTaskViaLink({ taskId, access }: { taskId: number; access: string }): Promise<GuestClaimResponse> {
  return api.post<GuestClaimResponse>(`/tasks/${taskId}/claim`, { access });
}

/** Claimed (or waiting for the e-mail): the page asks for the task again and goes to the owner's page once it is theirs. */
export function useClaimTaskViaLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimTaskViaLink,
    onSuccess: (_answer, { taskId }) => {
      void client.invalidateQueries({ queryKey: queryKeys.taskViaGuestLink(taskId) });
    },
  });
}
