import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskBody, Task } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

/** PUT /tasks/{id} — the whole form again; 409 'Opgaven kan ikke længere redigeres.' once a bid is accepted. */
export function updateTask(taskId: number, body: CreateTaskBody): Promise<Task> {
  return api.put<Task>(`/tasks/${taskId}`, body);
}

/** The edited task and every task list are asked for again. */
export function useUpdateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: number; body: CreateTaskBody }) => updateTask(taskId, body),
    onSuccess: (_task, { taskId }) => invalidateTask(client, taskId),
  });
}
