import { Link } from 'react-router-dom';
import type { Task } from '@fragtbud/contracts';
import {
  EmptyState,
  ErrorState,
  Spinner,
  TaskStatusBadge,
  TaskTypeIcon,
  formatDate,
  formatDkkFromKroner,
  taskPlace,
  taskTypeLabel,
  type Role,
} from '@fragtbud/web';
import { useMyBidPayouts } from './api/list-my-bid-payouts';
import { RECENT_TASKS, useRecentTasks } from './api/list-recent-tasks';

export const RECENT_LOAD_ERROR = 'Kunne ikke hente opgaver.';

function EmptyRecent({ role }: { role: Role }) {
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
  if (role === 'carrier') {
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
  return <EmptyState title="Der er ingen opgaver endnu" />;
}

function Thumbnail({ task }: { task: Pick<Task, 'images' | 'type'> }) {
  return (
    <span className="recent-tasks__thumb" aria-hidden="true">
      {task.images[0] ? <img src={task.images[0]} alt="" loading="lazy" decoding="async" /> : <TaskTypeIcon type={task.type} size={22} />}
    </span>
  );
}

/** The 8 newest tasks (spec section 2) with a link to all of them when there are more. */
/** 'Den nyeste opgave' for one, 'De 8 nyeste opgaver' for more (Danish singular and plural). */
export const recentTasksCaption = (count: number): string => (count === 1 ? 'Den nyeste opgave' : `De ${count} nyeste opgaver`);

export function RecentTasks({ role, allHref }: { role: Role; allHref: string }) {
  const recent = useRecentTasks(role !== 'admin');
  const shown = recent.data?.items.slice(0, RECENT_TASKS) ?? [];
  // The lowest bid is a customer total; a carrier sees money only as their own payout (their bid on each task).
  const isCarrier = role === 'carrier';
  const payouts = useMyBidPayouts(
    shown.map((task) => task.id),
    isCarrier && shown.length > 0,
  );

  if (recent.error) return <ErrorState message={RECENT_LOAD_ERROR} onRetry={() => void recent.refetch()} />;
  if (!recent.data) {
    return (
      <div className="page-loading">
        <Spinner label="Henter opgaver…" />
      </div>
    );
  }
  const { items, total } = recent.data;
  if (items.length === 0) return <EmptyRecent role={role} />;

  return (
    <>
      <div className="fb-table-wrap recent-tasks">
        <table className="fb-table">
          <caption className="fb-visually-hidden">{recentTasksCaption(Math.min(items.length, RECENT_TASKS))}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="fb-visually-hidden">Billede</span>
              </th>
              <th scope="col">Opgave</th>
              <th scope="col">Status</th>
              <th scope="col">Fra → til</th>
              <th scope="col">Oprettet</th>
              <th scope="col">Bud</th>
              <th scope="col">{isCarrier ? 'Din udbetaling' : 'Pris'}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((task) => (
              <tr key={task.id}>
                <td className="recent-tasks__thumb-cell">
                  <Thumbnail task={task} />
                </td>
                <td data-label="Opgave">
                  <Link to={`/task/${task.id}`} className="recent-tasks__link">
                    #{task.id} {taskTypeLabel(task.type)}
                  </Link>
                </td>
                <td data-label="Status">
                  <TaskStatusBadge status={task.status} />
                </td>
                <td data-label="Fra → til">
                  {taskPlace(task, 'from')} → {taskPlace(task, 'to')}
                </td>
                <td data-label="Oprettet">{formatDate(task.created_at)}</td>
                <td data-label="Bud">{task.bid_count}</td>
                {isCarrier ? (
                  <td data-label="Din udbetaling">{formatDkkFromKroner(payouts.data?.get(task.id) ?? null)}</td>
                ) : (
                  <td data-label="Pris">{formatDkkFromKroner(task.lowest_bid)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > RECENT_TASKS && (
        <p className="recent-tasks__more">
          <Link to={allHref}>Se alle {total} opgaver →</Link>
        </p>
      )}
    </>
  );
}
