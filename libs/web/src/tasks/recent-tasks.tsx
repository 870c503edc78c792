import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { queryOptions } from '@tanstack/react-query';
import { limits, type Task, type TasksPage } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { formatDate } from '../format/date';
import { queryKeys } from '../query/query-keys';
import { taskTypeLabel } from '../domain/task-types';
import { TaskStatusBadge } from './task-status';
import { TaskTypeIcon } from './task-type-icon';
import { taskPlace } from './task-places';

/** Spec section 9: the dashboard lists the 8 newest tasks. */
export const RECENT_TASKS = limits.dashboardRecentTasks;

/** The newest tasks (the API lists newest first), the viewer's own unless `mine` is false (admins). */
export async function listRecentTasks(mine: boolean, signal?: AbortSignal): Promise<TasksPage> {
  const page = await api.get<Partial<TasksPage>>('/tasks', { query: { mine: mine || undefined, page: 1, limit: RECENT_TASKS }, signal });
  return { items: page?.items ?? [], total: Number(page?.total ?? 0), page: 1, limit: RECENT_TASKS };
}

/** The dashboard's newest tasks: the shell's (customer, admin) and mfe_carrier's (carrier) share the entry. */
export const recentTasksQueryOptions = (mine: boolean) =>
  queryOptions({ queryKey: queryKeys.tasks({ recent: true, mine }), queryFn: ({ signal }) => listRecentTasks(mine, signal) });

/** 'Den nyeste opgave' for one, 'De 8 nyeste opgaver' for more (Danish singular and plural). */
export const recentTasksCaption = (count: number): string => (count === 1 ? 'Den nyeste opgave' : `De ${count} nyeste opgaver`);

export interface RecentTasksTableProps {
  page: TasksPage;
  /** Where 'Se alle N opgaver →' leads when there are more than shown. */
  allHref: string;
  /** The money column: its heading and each row's cell text (a customer's lowest bid, a carrier's own payout). */
  moneyColumn: { header: string; cell: (task: Task) => ReactNode };
}

function Thumbnail({ task }: { task: Pick<Task, 'images' | 'type'> }) {
  return (
    <span className="recent-tasks__thumb" aria-hidden="true">
      {task.images[0] ? <img src={task.images[0]} alt="" loading="lazy" decoding="async" /> : <TaskTypeIcon type={task.type} size={22} />}
    </span>
  );
}

/** The dashboard's table of the newest tasks (spec section 2) with a link to all of them when there are more. */
export function RecentTasksTable({ page, allHref, moneyColumn }: RecentTasksTableProps) {
  const shown = page.items.slice(0, RECENT_TASKS);
  return (
    <>
      <div className="fb-table-wrap recent-tasks">
        <table className="fb-table">
          <caption className="fb-visually-hidden">{recentTasksCaption(shown.length)}</caption>
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
              <th scope="col">{moneyColumn.header}</th>
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
                <td data-label={moneyColumn.header}>{moneyColumn.cell(task)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.total > RECENT_TASKS && (
        <p className="recent-tasks__more">
          <Link to={allHref}>Se alle {page.total} opgaver →</Link>
        </p>
      )}
    </>
  );
}
