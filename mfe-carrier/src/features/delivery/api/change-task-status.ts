import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

export type CarrierStep = Extract<TaskStatus, 'in_transit' | 'completed'>;

/** PATCH /tasks/{id}/status: the carrier's direct steps, picked_up → in_transit and delivered → completed. */
export async function changeTaskStatus(taskId: number, status: CarrierStep): Promise<true> {
  await api.patch<Task>(`/tasks/${taskId}/status`, { status });
  return true; // an answer without a body is a success too
}

export function useChangeTaskStatus(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: CarrierStep) => changeTaskStatus(taskId, status),
    onSuccess: () => void invalidateTask(client, taskId),
  });
}
