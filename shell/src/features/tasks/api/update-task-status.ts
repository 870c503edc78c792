import { useMutation } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';
import { taskOf } from './get-task';
import { useTaskChanged } from './task-cache';

/** PATCH /tasks/{id}/status — here the admin's dropdown (spec section 4). */
export async function updateTaskStatus(id: number, status: TaskStatus): Promise<Task> {
  return taskOf(await api.patch<{ task?: Task } | Task>(`/tasks/${id}/status`, { status }));
}

export function useUpdateTaskStatus() {
  const taskChanged = useTaskChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TaskStatus }) => updateTaskStatus(id, status),
    onSuccess: taskChanged,
  });
}
