import type { CreateTaskBody, Task } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** PUT /tasks/{id} — the whole form again; 409 'Opgaven kan ikke længere redigeres.' once a bid is accepted. */
export function updateTask(taskId: number, body: CreateTaskBody): Promise<Task> {
  return api.put<Task>(`/tasks/${taskId}`, body);
}
