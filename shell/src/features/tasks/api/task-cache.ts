import { useQueryClient } from '@tanstack/react-query';
import type { Task } from '@fragtbud/contracts';
import { invalidateTask, queryKeys } from '@fragtbud/web';

/**
 * After a change to a task: the answer becomes the task's cached value at once, and everything listing tasks or
 * hanging under the task (bids, freight note, …) is asked again.
 */
export function useTaskChanged() {
  const client = useQueryClient();
  return (task: Task) => {
    client.setQueryData(queryKeys.task(task.id), task);
    void client.invalidateQueries({ queryKey: queryKeys.allTasks() });
  };
}

/** Something else changed the task (a remote's step, a payment, an approved deletion): ask for it and its parts again. */
export function useRefreshTask() {
  const client = useQueryClient();
  return (taskId: number) => void invalidateTask(client, taskId);
}
