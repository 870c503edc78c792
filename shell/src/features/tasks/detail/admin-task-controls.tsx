import type { Task } from '@fragtbud/contracts';
import type { AdminTaskControlsProps } from '@fragtbud/web';
import { RemoteApp } from '../../../remotes/remote-app';

interface AdminTaskControlsMountProps {
  task: Pick<Task, 'id' | 'status' | 'paid_at'>;
  onChanged: (task: Task) => void;
}

/**
 * The admin's status dropdown and 'Slet opgave' (spec section 4) are mfe_admin's `./AdminTaskControls`, mounted here
 * in the action panel for an admin; when the remote cannot load, the Danish error with 'Prøv igen' takes its place.
 */
export function AdminTaskControls({ task, onChanged }: AdminTaskControlsMountProps) {
  return (
    <RemoteApp<AdminTaskControlsProps>
      remote="mfe_admin"
      module="AdminTaskControls"
      props={{ task: { id: task.id, status: task.status, paid_at: task.paid_at }, onChanged }}
    />
  );
}
