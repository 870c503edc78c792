import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /tasks/{id} — the task to edit (the full view for its owner or an admin); `{task}` or the task itself. */
export async function getTask(taskId: number, signal?: AbortSignal): Promise<Task> {
  const answer = await api.get<{ task?: Task } | Task>(`/tasks/${taskId}`, { signal });
  return answer && 'task' in answer && answer.task ? answer.task : (answer as Task);
}

/** Under the shell's key for the task, so the task page and the wizard share one cached copy. */
export const taskQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: queryKeys.task(taskId), queryFn: ({ signal }) => getTask(taskId, signal), retry: false });

export const useTaskToEdit = (taskId: number | null) => useQuery({ ...taskQueryOptions(taskId ?? 0), enabled: taskId !== null });
