import type { Task } from '@fragtbud/contracts';

/**
 * mfe_customer `./Review` (the owner rates the carrier) and mfe_carrier `./Review` (the assigned carrier rates the
 * customer): the shell mounts the one for the viewer's side of a completed task.
 */
export interface ReviewProps {
  task: Pick<Task, 'id' | 'status'>;
}
