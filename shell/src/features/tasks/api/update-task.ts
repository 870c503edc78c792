import type { Task, UpdateTaskBody } from '@fragtbud/contracts';
import { api, useApiMutation } from '@fragtbud/web';
import { taskOf } from './get-task';

/** PUT /tasks/{id}: owner while editable, or an admin. Refused with 'Opgaven kan ikke længere redigeres.' once assigned. */
export async function updateTask(id: number, body: Partial<UpdateTaskBody>): Promise<Task> {
  return taskOf(await api.put<{ task?: Task } | Task>(`/tasks/${id}`, body));
}

export function useUpdateTask() {
  return useApiMutation(updateTask);
}
