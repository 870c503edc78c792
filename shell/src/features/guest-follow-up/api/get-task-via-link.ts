import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /tasks/{id}?access=: the owner's read-only view through a guest's mailed link (a wrong token: the public view). */
export function getTaskViaLink(taskId: number, access: string, signal?: AbortSignal): Promise<Task> {
  return api.get<Task>(`/tasks/${taskId}`, { query: { access }, signal });
}

export const taskViaLinkQueryOptions = (taskId: number, access: string) =>
  queryOptions({ queryKey: queryKeys.taskViaGuestLink(taskId), queryFn: ({ signal }) => getTaskViaLink(taskId, access, signal) });

/** `refetchEvery`: ask again at that interval (a signed-in customer waiting for the task to become theirs). */
export function useTaskViaLink(taskId: number, access: string, refetchEvery: number | false = false) {
  return useQuery({ ...taskViaLinkQueryOptions(taskId, access), refetchInterval: refetchEvery });
}
