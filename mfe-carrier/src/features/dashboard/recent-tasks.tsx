import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  ErrorState,
  RECENT_TASKS,
  RecentTasksTable,
  Spinner,
  formatDkkFromKroner,
  recentTasksQueryOptions,
  type CarrierRecentTasksProps,
} from '@fragtbud/web';
import { useMyBidPayouts } from './api/list-my-bid-payouts';

export const RECENT_LOAD_ERROR = 'Kunne ikke hente opgaver.';

/**
 * The carrier's newest tasks on the dashboard (spec section 2). The lowest bid is a customer total; a carrier sees
 * money only as their own payout (their bid on each task).
 */
export function RecentTasks({ allHref }: CarrierRecentTasksProps) {
  const recent = useQuery(recentTasksQueryOptions(true));
  const taskIds = recent.data?.items.slice(0, RECENT_TASKS).map((task) => task.id) ?? [];
  const payouts = useMyBidPayouts(taskIds, taskIds.length > 0);

  if (recent.error) return <ErrorState message={RECENT_LOAD_ERROR} onRetry={() => void recent.refetch()} />;
  if (!recent.data) {
    return (
      <div className="page-loading">
        <Spinner label="Henter opgaver…" />
      </div>
    );
  }
  if (recent.data.items.length === 0) {
    return (
      <EmptyState
        title="Du har ingen opgaver endnu"
        message="Opgaver, du har budt på eller er tildelt, vises her."
        action={
          <Link className="fb-button fb-button--primary" to="/tasks?available=true">
            Vis opgaver åbne for bud
          </Link>
        }
      />
    );
  }
  return (
    <RecentTasksTable
      page={recent.data}
      allHref={allHref}
      moneyColumn={{ header: 'Din udbetaling', cell: (task) => formatDkkFromKroner(payouts.data?.get(task.id) ?? null) }}
    />
  );
}
