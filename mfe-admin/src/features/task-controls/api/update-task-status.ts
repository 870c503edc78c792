import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

/** PATCH /tasks/{id}/status — the admin's dropdown (spec section 4). The service answers `{ task }` (older: the task). */
export async function updateTaskStatus(id: number, status: TaskStatus): Promise<Task> {
  const answer = await api.patch<{ task?: Task } | Task>(`/tasks/${id}/status`, { status });
  return 'task' in answer && answer.task ? answer.task : (answer as Task);
}

/** The task, everything under it and every task list are asked again once the status changed. */
export function useUpdateTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TaskStatus }) => updateTaskStatus(id, status),
    onSuccess: (task) => invalidateTask(client, task.id),
  });
}
