import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type TaskId } from './query-keys';

/**
 * After anything that changes a task: the task with everything under it (bids, proofs, …) and every task list.
 * A refetch already under way is joined, not restarted, so a mutation and the remote's `onChanged` reporting the same
 * change ask the server once.
 */
export async function invalidateTask(client: QueryClient, taskId: TaskId): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.task(taskId) }, { cancelRefetch: false }),
    client.invalidateQueries({ queryKey: queryKeys.allTasks() }, { cancelRefetch: false }),
  ]);
}
