import { internalTaskSchema, type InternalTask } from '@fragtbud/contracts';
import type { PeerClient } from '@fragtbud/platform';

/** svc-tasks as svc-payments uses it: the task (owner and status) a payment is for; null: no such task. */
export interface TasksPeer {
  findTask(taskId: number, requestId?: string): Promise<InternalTask | null>;
}

export function tasksPeer(client: PeerClient): TasksPeer {
  return {
    findTask: (taskId, requestId) => client.find(internalTaskSchema, `/internal/tasks/${taskId}`, 'task_not_found', requestId),
  };
}
