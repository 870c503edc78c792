import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** The task the answer carries: `{task}` as API.md answers, or the task itself. */
export function taskOf(answer: { task?: Task } | Task | undefined): Task {
  if (answer && 'task' in answer && answer.task) return answer.task;
  return answer as Task;
}

/** GET /tasks/{id}: the full task for its owner, an admin and involved carriers. */
export async function getTask(id: number, signal?: AbortSignal): Promise<Task> {
  return taskOf(await api.get<{ task?: Task } | Task>(`/tasks/${id}`, { signal }));
}

export const taskQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.task(id), queryFn: ({ signal }) => getTask(id, signal) });

/** The task with this id; nothing is asked while `id` is null (an invalid address). */
export function useTask(id: number | null) {
  return useQuery({ ...taskQueryOptions(id ?? 0), enabled: id !== null });
}
