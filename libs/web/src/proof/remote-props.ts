import type { Task } from '@fragtbud/contracts';

/*
 * What the shell hands mfe_carrier's `./DeliveryPanel` on the task page. Both sides import the type from here, so a
 * change is a compile error on both sides rather than a silent mismatch between deployments.
 */

export type DeliveryTaskRef = Pick<Task, 'id' | 'status'>;

/** mfe_carrier `./DeliveryPanel`: the assigned carrier's pickup, in-transit, delivery and finish steps. */
export interface DeliveryPanelProps {
  task: DeliveryTaskRef;
  /** A proof was submitted or the status changed: the shell reloads the task. */
  onChanged: () => void;
}
