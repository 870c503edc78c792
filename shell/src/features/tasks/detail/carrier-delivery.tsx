import type { Task, TaskStatus } from '@fragtbud/contracts';
import type { DeliveryPanelProps, User } from '@fragtbud/web';
import { RemoteApp } from '../../../remotes/remote-app';
import { useRefreshTask } from '../api/task-cache';

/** The statuses with a carrier step; `completed` too, so 'Opgaven er afsluttet' survives the reload after the last step. */
const DELIVERY_STATUSES: readonly TaskStatus[] = ['assigned', 'paid', 'picked_up', 'in_transit', 'delivered', 'completed'];

interface CarrierDeliveryProps {
  task: Task;
  viewer: Pick<User, 'id' | 'role'> | null;
}

/**
 * The assigned carrier's steps (pickup proof, in transit, delivery proof, finish) from mfe_carrier's `./DeliveryPanel`,
 * loaded only for the carrier the task is assigned to. After a step the task is fetched again (GET /tasks/{id}).
 */
export function CarrierDelivery({ task, viewer }: CarrierDeliveryProps) {
  const refreshTask = useRefreshTask();

  const mine = viewer?.role === 'carrier' && task.assigned_carrier_id !== null && task.assigned_carrier_id === viewer.id;
  if (!mine || !DELIVERY_STATUSES.includes(task.status)) return null;

  const refresh = () => refreshTask(task.id);

  return (
    <RemoteApp<DeliveryPanelProps> remote="mfe_carrier" module="DeliveryPanel" props={{ task: { id: task.id, status: task.status, paid_at: task.paid_at }, onChanged: refresh }} />
  );
}
