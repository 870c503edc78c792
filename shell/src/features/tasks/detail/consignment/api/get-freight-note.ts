import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FreightNote } from '@fragtbud/contracts';
import { API_BASE, api, queryKeys } from '@fragtbud/web';

export const getFreightNote = (taskId: number, signal?: AbortSignal) => api.get<FreightNote>(`/tasks/${taskId}/freight-note`, { signal });

export const freightNoteQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: queryKeys.taskFreightNote(taskId), queryFn: ({ signal }) => getFreightNote(taskId, signal) });

/** GET /tasks/{id}/freight-note, only for a signed-in viewer. */
export const useFreightNote = (taskId: number, enabled: boolean) => useQuery({ ...freightNoteQueryOptions(taskId), enabled });

/** A plain link: the gateway accepts the session cookie on GET, and the server sends Content-Disposition. */
export const freightNotePdfUrl = (taskId: number) => `${API_BASE}/tasks/${taskId}/freight-note.pdf`;
