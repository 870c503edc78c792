import { useMutation } from '@tanstack/react-query';
import type { Task, UpdateTaskBody } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';
import { taskOf } from './get-task';
import { useTaskChanged } from './task-cache';

/** PUT /tasks/{id}: owner while editable, or an admin. Refused with 'Opgaven kan ikke længere redigeres.' once assigned. */
export async function updateTask(id: number, body: Partial<UpdateTaskBody>): Promise<Task> {
  return taskOf(await api.put<{ task?: Task } | Task>(`/tasks/${id}`, body));
}

export function useUpdateTask() {
  const taskChanged = useTaskChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<UpdateTaskBody> }) => updateTask(id, body),
    onSuccess: taskChanged,
  });
}
