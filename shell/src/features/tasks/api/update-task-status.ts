import type { Task, TaskStatus } from '@fragtbud/contracts';
import { api, useApiMutation } from '@fragtbud/web';
import { taskOf } from './get-task';

/** PATCH /tasks/{id}/status — here the admin's dropdown (spec section 4). */
export async function updateTaskStatus(id: number, status: TaskStatus): Promise<Task> {
  return taskOf(await api.patch<{ task?: Task } | Task>(`/tasks/${id}/status`, { status }));
}

export function useUpdateTaskStatus() {
  return useApiMutation(updateTaskStatus);
}
