import { Link } from 'react-router-dom';
import { messages, type Task } from '@fragtbud/contracts';
import type { CarrierTaskActionsProps, User } from '@fragtbud/web';
import { RemoteApp } from '../../../remotes/remote-app';
import { AdminTaskControls } from './admin-task-controls';
import { CarrierDelivery } from './carrier-delivery';
import { OwnerPayPanel } from './owner-pay-panel';
import { canEditTask, isTaskOwner } from './task-access';

interface TaskActionPanelProps {
  task: Task;
  viewer: Pick<User, 'id' | 'role'> | null;
  onChanged: (task: Task) => void;
}

/**
 * What the viewer can do with the task: edit it (owner while editable, admin), and the admin's status and delete.
 * Editing is mfe_customer's task wizard (`/create-task?edit=`), the one task editor: it keeps the typed draft across a
 * reload and knows which fields may change in which status.
 */
export function TaskActionPanel({ task, viewer, onChanged }: TaskActionPanelProps) {
  const owner = isTaskOwner(task, viewer);
  const admin = viewer?.role === 'admin';
  const editable = canEditTask(task, viewer);

  return (
    <section className="task-aside-card task-actions" aria-labelledby="task-actions-title">
      <h2 id="task-actions-title" className="task-section__title">
        Handlinger
      </h2>
      {owner && !admin && editable && (
        <div className="task-actions__buttons">
          <Link className="fb-button fb-button--primary" to={`/create-task?edit=${task.id}`}>
            Rediger
          </Link>
        </div>
      )}
      {owner && !admin && !editable && <p className="fb-muted">{messages.taskNoLongerEditable}</p>}
      <OwnerPayPanel task={task} viewer={viewer} />
      {admin && (
        <div className="task-actions__buttons">
          <Link className="fb-button fb-button--secondary" to={`/create-task?edit=${task.id}`}>
            Ret oplysninger
          </Link>
        </div>
      )}
      {/* The carrier's part is mfe_carrier's: whether and where to bid (it decides by the task's status). */}
      {viewer?.role === 'carrier' && <RemoteApp<CarrierTaskActionsProps> remote="mfe_carrier" module="TaskActions" props={{ task: { id: task.id, status: task.status } }} />}
      <CarrierDelivery task={task} viewer={viewer} />
      {admin && <AdminTaskControls task={task} onChanged={onChanged} />}
      <Link className="task-actions__back" to={viewer?.role === 'carrier' || viewer?.role === 'admin' ? '/tasks' : '/BrowseTasks?mine=true'}>
        ← Tilbage til opgaver
      </Link>
    </section>
  );
}
