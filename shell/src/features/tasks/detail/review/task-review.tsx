import type { RatingUserType, Task } from '@fragtbud/contracts';
import type { ReviewProps, User } from '@fragtbud/web';
import { RemoteApp } from '../../../../remotes/remote-app';
import { isTaskOwner } from '../task-access';

type Viewer = Pick<User, 'id' | 'role'> | null;

/** Which side of the task the viewer rates from: the owner rates the carrier, the assigned carrier the customer. */
export function raterSide(task: Pick<Task, 'status' | 'user_id' | 'assigned_carrier_id'>, viewer: Viewer): RatingUserType | null {
  if (task.status !== 'completed' || viewer === null || viewer.role === 'admin') return null;
  if (isTaskOwner(task, viewer)) return 'customer';
  if (viewer.role === 'carrier' && task.assigned_carrier_id === viewer.id) return 'carrier';
  return null;
}

/**
 * The review of a completed task on its details tab: the owner's is mfe_customer's `./Review`, the assigned carrier's
 * mfe_carrier's (one form, from libs/web). Nobody else rates, so nothing is loaded for them.
 */
export function TaskReview({ task, viewer }: { task: Task; viewer: Viewer }) {
  const side = raterSide(task, viewer);
  if (!side) return null;
  return (
    <RemoteApp<ReviewProps> remote={side === 'customer' ? 'mfe_customer' : 'mfe_carrier'} module="Review" props={{ task: { id: task.id, status: task.status } }} />
  );
}
