import type { Task } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** GET /tasks/{id} — the task to edit (the full view for its owner or an admin). */
export function getTask(taskId: number, signal?: AbortSignal): Promise<Task> {
  return api.get<Task>(`/tasks/${taskId}`, { signal });
}
