import type { Task } from '@fragtbud/contracts';
import type { PayPanelProps, User } from '@fragtbud/web';
import { RemoteApp } from '../../../remotes/remote-app';
import { useRefreshTask } from '../api/task-cache';
import { isTaskOwner } from './task-access';

interface OwnerPayPanelProps {
  task: Pick<Task, 'id' | 'status' | 'user_id'>;
  viewer: Pick<User, 'id' | 'role'> | null;
}

/**
 * mfe_customer's 'Betal … DKK' button and payment modal (`./PayPanel`) for the task's owner while the task is assigned;
 * it stays mounted once paid so its success text survives the reload. Mounted among the owner's actions on the details
 * tab and under the chosen bid on the bids tab, where the customer has just chosen it.
 */
export function OwnerPayPanel({ task, viewer }: OwnerPayPanelProps) {
  const refreshTask = useRefreshTask();
  if (!isTaskOwner(task, viewer) || viewer?.role === 'admin') return null;
  if (task.status !== 'assigned' && task.status !== 'paid') return null;
  return (
    <RemoteApp<PayPanelProps>
      remote="mfe_customer"
      module="PayPanel"
      props={{
        task: { id: task.id, status: task.status },
        onPaid: () => refreshTask(task.id),
      }}
    />
  );
}
