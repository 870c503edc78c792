import { useEffect, useRef } from 'react';
import type { Task, TaskStatus } from '@fragtbud/contracts';
import type { DeliveryPanelProps, User } from '@fragtbud/web';
import { RemoteApp } from '../../../remotes/remote-app';
import { getTask } from '../api/get-task';

/** The statuses with a carrier step; `completed` too, so 'Opgaven er afsluttet' survives the reload after the last step. */
const DELIVERY_STATUSES: readonly TaskStatus[] = ['assigned', 'paid', 'picked_up', 'in_transit', 'delivered', 'completed'];

interface CarrierDeliveryProps {
  task: Task;
  viewer: Pick<User, 'id' | 'role'> | null;
  /** The task as loaded again after a step. */
  onChanged: (task: Task) => void;
}

/**
 * The assigned carrier's steps (pickup proof, in transit, delivery proof, finish) from mfe_carrier's `./DeliveryPanel`,
 * loaded only for the carrier the task is assigned to. After a step the task is fetched again (GET /tasks/{id}).
 */
export function CarrierDelivery({ task, viewer, onChanged }: CarrierDeliveryProps) {
  const mounted = useRef(true);
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mine = viewer?.role === 'carrier' && task.assigned_carrier_id !== null && task.assigned_carrier_id === viewer.id;
  if (!mine || !DELIVERY_STATUSES.includes(task.status)) return null;

  const refresh = () => {
    getTask(task.id).then(
      (fresh) => {
        if (mounted.current) onChangedRef.current(fresh);
      },
      () => undefined, // the step is done; a failed reload leaves the page as it was
    );
  };

  return (
    <RemoteApp<DeliveryPanelProps> remote="mfe_carrier" module="DeliveryPanel" props={{ task: { id: task.id, status: task.status }, onChanged: refresh }} />
  );
}
