import type { FreightCarrierInput, FreightGoodsInput, FreightNote, FreightNoteStatus, FreightPartyGroup, FreightPartyInput } from '@fragtbud/contracts';
import { API_BASE, api } from '@fragtbud/web';

/** The nested PUT body (svc-tasks PUT /tasks/{id}/freight-note); groups left out stay as they are. */
export type FreightNoteUpdate = Partial<Record<FreightPartyGroup, FreightPartyInput>> & {
  carrier?: FreightCarrierInput;
  goods?: FreightGoodsInput;
  status?: FreightNoteStatus;
};

export const getFreightNote = (taskId: number, signal?: AbortSignal) => api.get<FreightNote>(`/tasks/${taskId}/freight-note`, { signal });

export const updateFreightNote = (taskId: number, body: FreightNoteUpdate) => api.put<FreightNote>(`/tasks/${taskId}/freight-note`, body);

/** A plain link: the gateway accepts the session cookie on GET, and the server sends Content-Disposition. */
export const freightNotePdfUrl = (taskId: number) => `${API_BASE}/tasks/${taskId}/freight-note.pdf`;
