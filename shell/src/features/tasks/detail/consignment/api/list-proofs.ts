import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Proof } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const listProofs = (taskId: number, signal?: AbortSignal) => api.get<{ items: Proof[] }>(`/tasks/${taskId}/proofs`, { signal });

export const proofsQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: queryKeys.taskProofs(taskId), queryFn: ({ signal }) => listProofs(taskId, signal) });

/** GET /tasks/{id}/proofs: the pickup and delivery proofs (full view only). */
export const useProofs = (taskId: number) => useQuery(proofsQueryOptions(taskId));
