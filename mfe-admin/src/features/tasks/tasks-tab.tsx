import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { taskStatuses, type Task, type TaskListStatus } from '@fragtbud/contracts';
import {
  Button,
  EmptyState,
  ErrorState,
  Field,
  SelectField,
  Spinner,
  TableScroll,
  TaskStatusBadge,
  formatDate,
  formatDkkFromKroner,
  taskPlace,
  taskStatusLabel,
  taskTypeLabel,
} from '@fragtbud/web';
import { ADMIN_TASKS_PAGE_SIZE, useAdminTasks, type AdminTaskQuery } from './list-admin-tasks';
import { UNKNOWN_CARRIER, UNKNOWN_CUSTOMER } from '../../shared/person-names';
import './tasks-tab.css';

export const ADMIN_TASKS_LOAD_ERROR = 'Kunne ikke hente opgaver.';

/** Tasks awaiting review first: that is what the tab's badge counts. */
const STATUS_FILTERS: ReadonlyArray<{ value: TaskListStatus | ''; label: string }> = [
  { value: '', label: 'Alle' },
  { value: 'active', label: 'Aktive' },
  ...taskStatuses.map((status) => ({ value: status, label: taskStatusLabel(status) })),
];

/** A person on the task by name ('Navn (Firma)'), from the admin list's names; '–' when there is nobody. */
function personName(person: Task['customer'], id: number | null, unknown: string): string {
  if (id === null) return '–';
  if (!person) return unknown;
  return person.company ? `${person.name} (${person.company})` : person.name;
}

/** Opgavehåndtering: every task, paged by the server, filtered by status or text, each opening the task page. */
export function TasksTab() {
  const [query, setQuery] = useState<AdminTaskQuery>({ status: '', q: '', page: 1 });
  const [text, setText] = useState('');
  const tasks = useAdminTasks(query);
  const data = tasks.data;
  // Past the server's count cap the total is a lower bound ('1000+'): a full page always offers the next one.
  const morePages = data?.totalIsEstimate && data.items.length === ADMIN_TASKS_PAGE_SIZE ? query.page + 1 : 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ADMIN_TASKS_PAGE_SIZE), morePages) : 1;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: text, page: 1 }));
  };

  let content;
  if (tasks.error) {
    content = <ErrorState message={ADMIN_TASKS_LOAD_ERROR} onRetry={() => void tasks.refetch()} />;
  } else if (!data) {
    content = <Spinner label="Henter opgaver…" />;
  } else if (data.items.length === 0) {
    content = <EmptyState title="Ingen opgaver fundet" />;
  } else {
    const first = (query.page - 1) * ADMIN_TASKS_PAGE_SIZE + 1;
    const noun = data.total === 1 ? 'opgave' : 'opgaver';
    const shown = data.items.length >= data.total ? `${data.items.length}` : `${first}–${first + data.items.length - 1}`;
    content = (
      <>
        <p className="admin-tasks__count">
          Viser {shown} af {data.total}{data.totalIsEstimate ? '+' : ''} {noun}
        </p>
        <TableScroll label="Opgaver">
          <table className="fb-table">
            <thead>
              <tr>
                <th scope="col">Opgave</th>
                <th scope="col">Status</th>
                <th scope="col">Kunde</th>
                <th scope="col">Vognmand</th>
                <th scope="col">Fra → til</th>
                <th scope="col">Oprettet</th>
                <th scope="col">Bud</th>
                <th scope="col">Laveste bud</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((task) => (
                <tr key={task.id}>
                  <td>
                    <Link className="admin-table__name" to={`/task/${task.id}`}>
                      #{task.id} {taskTypeLabel(task.type)}
                    </Link>
                    {task.is_guest && <span className="admin-table__sub">Gæst</span>}
                  </td>
                  <td>
                    <TaskStatusBadge status={task.status} />
                  </td>
                  <td>{task.is_guest ? 'Gæst' : personName(task.customer, task.user_id, UNKNOWN_CUSTOMER)}</td>
                  <td>{personName(task.assigned_carrier, task.assigned_carrier_id, UNKNOWN_CARRIER)}</td>
                  <td>
                    {taskPlace(task, 'from')} → {taskPlace(task, 'to')}
                  </td>
                  <td>{formatDate(task.created_at)}</td>
                  <td>{task.bid_count}</td>
                  <td>{formatDkkFromKroner(task.lowest_bid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {pageCount > 1 && (
          <nav className="admin-tasks__paging" aria-label="Sider">
            <Button variant="secondary" size="small" disabled={query.page <= 1} onClick={() => setQuery((c) => ({ ...c, page: c.page - 1 }))}>
              ← Forrige
            </Button>
            <span>
              Side {query.page} af {pageCount}
            </span>
            <Button variant="secondary" size="small" disabled={query.page >= pageCount} onClick={() => setQuery((c) => ({ ...c, page: c.page + 1 }))}>
              Næste →
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="tasks-tab-title" className="fb-stack">
      <div className="admin-toolbar">
        <h2 id="tasks-tab-title" className="admin-panel__title">
          Opgavehåndtering
        </h2>
        <form className="admin-tasks__filters" role="search" aria-label="Søg i opgaver" onSubmit={search}>
          <Field label="Søg" type="search" value={text} maxLength={200} placeholder="Adresse, beskrivelse eller id" onChange={(event) => setText(event.target.value)} />
          <SelectField
            label="Status"
            className="admin-toolbar__filter"
            value={query.status}
            onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value as AdminTaskQuery['status'], page: 1 }))}
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option.value || 'all'} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            Søg
          </Button>
        </form>
      </div>
      <div aria-busy={tasks.isFetching || undefined}>{content}</div>
    </section>
  );
}
