import { internalTaskAccessSchema, internalTaskSchema, type InternalTask } from '@fragtbud/contracts';
import { isAppError, peerUnavailable, type Logger, type PeerClient } from '@fragtbud/platform';

/** svc-tasks as svc-bids uses it: a task it has not had an event of yet (null: no such task). */
export interface TasksPeer {
  findTask(taskId: number, requestId?: string): Promise<InternalTask | null>;
  /** Whether a guest's follow-up link token opens the task (svc-tasks keeps its hash). */
  opensTask(taskId: number, token: string, requestId?: string): Promise<boolean>;
}

export function tasksPeer(client: PeerClient, logger: Logger): TasksPeer {
  return {
    async findTask(taskId, requestId) {
      try {
        return await client.get(internalTaskSchema, `/internal/tasks/${taskId}`, requestId);
      } catch (error) {
        if (isAppError(error) && error.status === 404) return null;
        return peerUnavailable(error, logger, 'tasks');
      }
    },
    async opensTask(taskId, token, requestId) {
      try {
        return (await client.post(internalTaskAccessSchema, `/internal/tasks/${taskId}/access`, { token }, requestId)).granted;
      } catch (error) {
        if (isAppError(error) && (error.status === 404 || error.status === 400)) return false;
        return peerUnavailable(error, logger, 'tasks');
      }
    },
  };
}
