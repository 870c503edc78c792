import { taskStatusLabels, taskStatuses, type TaskStatus } from '@fragtbud/contracts';
import './tasks.css';

export type { TaskStatus };

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (taskStatuses as readonly string[]).includes(value);
}

/** The Danish label of a status ('Åben for bud'); an unknown value is shown as it came. */
export function taskStatusLabel(status: string | null | undefined): string {
  if (!status) return '–';
  return isTaskStatus(status) ? taskStatusLabels[status] : status;
}

type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

const TONES: Record<TaskStatus, Tone> = {
  pending_admin_review: 'warning',
  created: 'neutral',
  open_for_bids: 'info',
  assigned: 'progress',
  paid: 'progress',
  picked_up: 'progress',
  in_transit: 'progress',
  in_progress: 'progress',
  delivered: 'success',
  completed: 'success',
  cancelled: 'danger',
};

/** A coloured pill with the status' Danish label. */
export function TaskStatusBadge({ status }: { status: string }) {
  const tone = isTaskStatus(status) ? TONES[status] : 'neutral';
  return <span className={`fb-badge fb-status fb-status--${tone}`}>{taskStatusLabel(status)}</span>;
}
