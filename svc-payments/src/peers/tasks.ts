import { internalTaskSchema, type InternalTask } from '@fragtbud/contracts';
import { isAppError, type Logger } from '@fragtbud/platform';
import { peerUnavailable, type PeerClient } from './peer-client';

/** svc-tasks as svc-payments uses it: the task (owner and status) a payment is for; null: no such task. */
export interface TasksPeer {
  findTask(taskId: number, requestId?: string): Promise<InternalTask | null>;
}

export function tasksPeer(client: PeerClient, logger: Logger): TasksPeer {
  return {
    async findTask(taskId, requestId) {
      try {
        return await client.get(internalTaskSchema, `/internal/tasks/${taskId}`, requestId);
      } catch (error) {
        if (isAppError(error) && error.status === 404 && error.code === 'task_not_found') return null;
        return peerUnavailable(error, logger, 'tasks');
      }
    },
  };
}
