import type { Task } from '@fragtbud/contracts';

/*
 * What the shell hands mfe_admin's `./AdminTaskControls` on the task page. Both sides import the type from here, so a
 * change is a compile error on both sides rather than a silent mismatch between deployments.
 */

/** `paid_at` tells whether cancelling refunds the customer (the confirmation names the amount). */
export type AdminTaskRef = Pick<Task, 'id' | 'status' | 'paid_at'>;

/** mfe_admin `./AdminTaskControls`: the admin's status dropdown and 'Slet opgave' on the task page. */
export interface AdminTaskControlsProps {
  task: AdminTaskRef;
  /** The status was changed: the answer's task, for the shell's page to show at once. */
  onChanged: (task: Task) => void;
}
