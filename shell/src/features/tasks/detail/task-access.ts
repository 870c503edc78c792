import { isTaskEditable, type Task } from '@fragtbud/contracts';
import type { User } from '@fragtbud/web';

type Viewer = Pick<User, 'id' | 'role'> | null;

export function isTaskOwner(task: Pick<Task, 'user_id'>, viewer: Viewer): boolean {
  return viewer !== null && task.user_id !== null && task.user_id === viewer.id;
}

/** Photos and the task itself can change only until a bid is accepted (spec sections 2 and 4). */
export function isBeforeAcceptance(task: Pick<Task, 'status' | 'assigned_carrier_id'>): boolean {
  return isTaskEditable(task.status) && task.assigned_carrier_id === null;
}

/** The owner while the task is editable; an admin always (API.md PUT /tasks/{id}). */
export function canEditTask(task: Pick<Task, 'status' | 'assigned_carrier_id' | 'user_id'>, viewer: Viewer): boolean {
  if (viewer?.role === 'admin') return true;
  return isTaskOwner(task, viewer) && isBeforeAcceptance(task);
}

/** Owner or admin may see the photo controls at all; they work only before acceptance. */
export function managesPhotos(task: Pick<Task, 'user_id'>, viewer: Viewer): boolean {
  return viewer?.role === 'admin' || isTaskOwner(task, viewer);
}
