import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletionRequest } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const listDeletionRequests = (taskId: number, signal?: AbortSignal) =>
  api.get<{ items: DeletionRequest[] }>(`/tasks/${taskId}/deletion-requests`, { signal });

export const deletionRequestsQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: queryKeys.taskDeletionRequests(taskId), queryFn: ({ signal }) => listDeletionRequests(taskId, signal) });

/** GET /tasks/{id}/deletion-requests (admin). */
export const useDeletionRequests = (taskId: number) => useQuery(deletionRequestsQueryOptions(taskId));
