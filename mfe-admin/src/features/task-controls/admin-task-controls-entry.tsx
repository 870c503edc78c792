import type { AdminTaskControlsProps } from '@fragtbud/web';
import { AdminTaskControls } from './admin-task-controls';
import './task-controls.css';

/** Exposed to the shell as `./AdminTaskControls` and mounted in the task page's 'Handlinger' panel for an admin. */
export default function AdminTaskControlsEntry(props: AdminTaskControlsProps) {
  return <AdminTaskControls {...props} />;
}
