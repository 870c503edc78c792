import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskBody, Task } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export interface CreateTaskInput {
  body: CreateTaskBody;
  /** One per logical submit, the same for its retries: the service stores one task however often it is sent. */
  idempotencyKey: string;
  /**
   * The wizard was opened by a signed-in user: the service answers 401 instead of storing a guest task when the
   * session is gone by now (a logout in another tab).
   */
  signedIn: boolean;
}

/** POST /tasks — for a customer or a guest; answers 201 with the new task. */
export function createTask({ body, idempotencyKey, signedIn }: CreateTaskInput): Promise<Task> {
  return api.post<Task>('/tasks', body, { idempotencyKey, query: signedIn ? { signedIn: 1 } : undefined });
}

/** A new task shows in every task list. */
export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.allTasks() }) });
}
