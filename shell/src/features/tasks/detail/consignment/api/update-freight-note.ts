import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreightCarrierInput, FreightGoodsInput, FreightNote, FreightNoteStatus, FreightPartyGroup, FreightPartyInput } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** The nested PUT body (svc-tasks PUT /tasks/{id}/freight-note); groups left out stay as they are. */
export type FreightNoteUpdate = Partial<Record<FreightPartyGroup, FreightPartyInput>> & {
  carrier?: FreightCarrierInput;
  goods?: FreightGoodsInput;
  status?: FreightNoteStatus;
};

export const updateFreightNote = (taskId: number, body: FreightNoteUpdate) => api.put<FreightNote>(`/tasks/${taskId}/freight-note`, body);

/** PUT /tasks/{id}/freight-note: the saved note replaces the cached one. */
export function useUpdateFreightNote(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FreightNoteUpdate) => updateFreightNote(taskId, body),
    onSuccess: (note) => client.setQueryData(queryKeys.taskFreightNote(taskId), note),
  });
}
