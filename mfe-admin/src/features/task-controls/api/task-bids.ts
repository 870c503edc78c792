import { useQuery } from '@tanstack/react-query';
import { taskBidsQueryOptions } from '@fragtbud/web';

/** The task's bids as the admin sees them; nothing is asked while `taskId` is null (an unpaid task: nothing to refund). */
export function useTaskBids(taskId: number | null) {
  return useQuery({ ...taskBidsQueryOptions(taskId ?? 0), enabled: taskId !== null });
}
