import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  ErrorState,
  RecentTasksTable,
  Spinner,
  formatDkkFromKroner,
  recentTasksQueryOptions,
  type CarrierRecentTasksProps,
  type Role,
} from '@fragtbud/web';
import { RemoteApp } from '../../remotes/remote-app';

export const RECENT_LOAD_ERROR = 'Kunne ikke hente opgaver.';

function EmptyRecent({ role }: { role: Exclude<Role, 'carrier'> }) {
  if (role === 'customer') {
    return (
      <EmptyState
        title="Du har ingen opgaver endnu"
        message="Beskriv din flytning eller fragt, og få tilbud fra vognmænd."
        action={
          <Link className="fb-button fb-button--primary" to="/create-task">
            Opret ny opgave
          </Link>
        }
      />
    );
  }
  return <EmptyState title="Der er ingen opgaver endnu" />;
}

/**
 * The 8 newest tasks (spec section 2). A carrier's come from mfe_carrier (`./RecentTasks`: their own payout per task,
 * never a customer's price); a customer's and an admin's show the lowest bid.
 */
export function RecentTasks({ role, allHref }: { role: Role; allHref: string }) {
  if (role === 'carrier') return <RemoteApp<CarrierRecentTasksProps> remote="mfe_carrier" module="RecentTasks" props={{ allHref }} />;
  return <PricedRecentTasks role={role} allHref={allHref} />;
}

function PricedRecentTasks({ role, allHref }: { role: Exclude<Role, 'carrier'>; allHref: string }) {
  const recent = useQuery(recentTasksQueryOptions(role !== 'admin'));
  if (recent.error) return <ErrorState message={RECENT_LOAD_ERROR} onRetry={() => void recent.refetch()} />;
  if (!recent.data) {
    return (
      <div className="page-loading">
        <Spinner label="Henter opgaver…" />
      </div>
    );
  }
  if (recent.data.items.length === 0) return <EmptyRecent role={role} />;
  return <RecentTasksTable page={recent.data} allHref={allHref} moneyColumn={{ header: 'Pris', cell: (task) => formatDkkFromKroner(task.lowest_bid) }} />;
}
