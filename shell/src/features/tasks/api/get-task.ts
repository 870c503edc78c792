import type { Task } from '@fragtbud/contracts';
import { api, useApiQuery } from '@fragtbud/web';

/** The task the answer carries: `{task}` as API.md answers, or the task itself. */
export function taskOf(answer: { task?: Task } | Task | undefined): Task {
  if (answer && 'task' in answer && answer.task) return answer.task;
  return answer as Task;
}

/** GET /tasks/{id}: the full task for its owner, an admin and involved carriers. */
export async function getTask(id: number, signal?: AbortSignal): Promise<Task> {
  return taskOf(await api.get<{ task?: Task } | Task>(`/tasks/${id}`, { signal }));
}

export function useTask(id: number | null) {
  return useApiQuery(id === null ? null : String(id), (signal) => getTask(id as number, signal));
}
