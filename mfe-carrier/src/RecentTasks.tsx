import type { CarrierRecentTasksProps } from '@fragtbud/web';
import { RecentTasks } from './features/dashboard/recent-tasks';

/** Exposed to the shell as `./RecentTasks`: the carrier's newest tasks on the dashboard, with their own payout. */
export default function CarrierRecentTasks(props: CarrierRecentTasksProps) {
  return <RecentTasks {...props} />;
}
