import type { CreateTaskBody, Task } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** POST /tasks — for a customer or a guest; answers 201 with the new task. */
export function createTask(body: CreateTaskBody): Promise<Task> {
  return api.post<Task>('/tasks', body);
}
