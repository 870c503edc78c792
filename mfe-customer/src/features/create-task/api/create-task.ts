import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskBody, Task } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** POST /tasks — for a customer or a guest; answers 201 with the new task. */
export function createTask(body: CreateTaskBody): Promise<Task> {
  return api.post<Task>('/tasks', body);
}

/** A new task shows in every task list. */
export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.allTasks() }) });
}
