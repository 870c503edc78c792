import type { Task } from '@fragtbud/contracts';

/*
 * What the shell hands mfe_carrier's `./DeliveryPanel` on the task page. Both sides import the type from here, so a
 * change is a compile error on both sides rather than a silent mismatch between deployments.
 */

/** `paid_at` null = not paid yet: the carrier may pick up and deliver, but not finish ('Afventer betaling'). */
export type DeliveryTaskRef = Pick<Task, 'id' | 'status' | 'paid_at'>;

/** mfe_carrier `./DeliveryPanel`: the assigned carrier's pickup, in-transit, delivery and finish steps. */
export interface DeliveryPanelProps {
  task: DeliveryTaskRef;
  /** A proof was submitted or the status changed: the shell reloads the task. */
  onChanged: () => void;
}
