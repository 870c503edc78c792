import { Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, ErrorState, PageHeader, Spinner, TaskCard, isApiError, useSession, type Role } from '@fragtbud/web';
import { useDocumentTitle } from '../../../routing/use-document-title';
import { useTaskList } from '../api/list-tasks';
import { PAGE_SIZE, filtersFromSearch, searchFromFilters, type BrowseFilters } from './browse-filters';
import { Pagination } from './pagination';
import { TaskSearchForm } from './task-search-form';
import './browse-tasks.css';

const SaveAlertMount = lazy(() => import('./save-alert-mount'));

interface BrowseTasksPageProps {
  /** /tasks (carriers and admins) has its own heading; /BrowseTasks and /browse-tasks are open to everyone. */
  title?: string;
  /** /tasks adds the carrier's 'Kan bydes på' and the 'Aktive' status. */
  variant?: 'public' | 'staff';
}

export const LOAD_ERROR = 'Fejl ved indlæsning af opgaver';

function mineLabelFor(role: Role | null): string | null {
  if (role === 'customer') return 'Kun mine opgaver';
  if (role === 'carrier') return 'Kun mine opgaver (tildelt eller med bud)';
  return null;
}

/**
 * 'Viser 21–40 af 134 opgaver', or 'Viser 5 af 5 opgaver' when everything fits on one page; past the server's count
 * cap the total is a lower bound: 'Viser 20 af 1 000+ opgaver'.
 */
export function resultLine(page: number, shown: number, total: number, totalIsEstimate = false): string {
  if (totalIsEstimate) return `Viser ${shown} af ${String(total).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}+ opgaver`;
  const noun = total === 1 ? 'opgave' : 'opgaver';
  // A page past the end shows nothing: never 'Viser 21–20'.
  if (shown === 0 || shown >= total) return `Viser ${shown} af ${total} ${noun}`;
  const first = (page - 1) * PAGE_SIZE + 1;
  return `Viser ${first}–${first + shown - 1} af ${total} ${noun}`;
}

/** The task browser of spec section 2: filters in the URL, one page of 20 from the server at a time. */
export function BrowseTasksPage({ title = 'Find opgaver', variant = 'public' }: BrowseTasksPageProps) {
  useDocumentTitle(title);
  const role = useSession((state) => state.user?.role ?? null);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = searchParams.toString();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(search)), [search]);
  const staff = variant === 'staff';
  // The lowest bid is public to visitors and customers (shared/API.md); carriers bid blind, so neither see nor filter by it.
  const filtersByPrice = role !== 'carrier';

  const query = useMemo(
    () => ({
      q: filters.q || undefined,
      type: filters.type || undefined,
      status: filters.status || undefined,
      flexible: filters.flexible || undefined,
      dateFrom: filters.dateFrom || undefined,
      dateTo: filters.dateTo || undefined,
      minPrice: (filtersByPrice && filters.minPrice) || undefined,
      maxPrice: (filtersByPrice && filters.maxPrice) || undefined,
      available: (staff && filters.available) || undefined,
      mine: (role !== null && filters.mine) || undefined,
      page: filters.page,
      limit: PAGE_SIZE,
    }),
    [filters, staff, role, filtersByPrice],
  );
  const list = useTaskList(query);

  const hrefFor = (next: Partial<BrowseFilters>) => {
    const params = searchFromFilters({ ...filters, ...next }).toString();
    return params ? `${pathname}?${params}` : pathname;
  };
  const apply = (next: BrowseFilters) => navigate(hrefFor({ ...next, page: 1 }));
  const showAll = () => navigate(pathname);

  // A new page starts at the top of the list.
  const resultsRef = useRef<HTMLDivElement>(null);
  const previousPage = useRef(filters.page);
  useEffect(() => {
    if (previousPage.current !== filters.page) resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    previousPage.current = filters.page;
  }, [filters.page]);

  const data = list.data;
  const firstLoad = list.isPending;
  // An estimated total may hide more pages: a full page always offers the next one.
  const morePages = data?.totalIsEstimate && data.items.length === PAGE_SIZE ? filters.page + 1 : 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE), morePages) : 1;

  // A page past the end (an old link, fewer tasks since) goes to the last page that has tasks, in place of this URL.
  const lastPage = data && !list.isPlaceholderData && !data.totalIsEstimate && data.total > 0 ? Math.ceil(data.total / PAGE_SIZE) : null;
  const pastTheEnd = lastPage !== null && data?.items.length === 0 && filters.page > lastPage;
  const lastPageHref = lastPage !== null ? hrefFor({ page: lastPage }) : null;
  useEffect(() => {
    if (pastTheEnd && lastPageHref) navigate(lastPageHref, { replace: true });
  }, [pastTheEnd, lastPageHref, navigate]);

  let content;
  if (list.error) {
    content = (
      <ErrorState message={LOAD_ERROR} onRetry={() => void list.refetch()}>
        {isApiError(list.error) && list.error.status === 400 && <p className="fb-state__message">{list.error.message}</p>}
      </ErrorState>
    );
  } else if (firstLoad || !data) {
    content = (
      <div className="page-loading">
        <Spinner label="Henter opgaver…" />
      </div>
    );
  } else if (data.items.length === 0) {
    content = (
      <EmptyState
        title="Ingen opgaver fundet"
        message={data.total > 0 ? 'Der er ingen opgaver på denne side.' : 'Prøv at ændre eller nulstille din søgning.'}
        action={
          <Button variant="secondary" onClick={showAll}>
            Vis alle
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <ul className="task-list" aria-label="Opgaver">
          {data.items.map((task) => (
            <li key={task.id}>
              <TaskCard task={task} showLowestBid={role !== 'carrier'} />
            </li>
          ))}
        </ul>
        <Pagination page={filters.page} pageCount={pageCount} hrefFor={(page) => hrefFor({ page })} />
      </>
    );
  }

  return (
    <div className="fb-container page">
      <PageHeader
        title={title}
        lead="Se flytte- og fragtopgaver fra hele Danmark."
        actions={
          role !== 'carrier' ? (
            <Link className="fb-button fb-button--primary" to="/create-task">
              Opret Opgave
            </Link>
          ) : staff ? (
            // A carrier's /tasks: the filters as a load alert (mfe_carrier, loaded only here and only for carriers).
            <Suspense fallback={null}>
              <SaveAlertMount filters={{ type: filters.type }} />
            </Suspense>
          ) : undefined
        }
      />
      <TaskSearchForm
        filters={filters}
        onApply={apply}
        onReset={showAll}
        showAvailable={staff && role === 'carrier'}
        showActive={staff}
        showPrice={filtersByPrice}
        mineLabel={mineLabelFor(role)}
      />
      <div className="task-results" ref={resultsRef} aria-busy={list.isFetching || undefined}>
        {/* The cards' titles are h3: the results get their h2, so the outline does not skip a level. */}
        <h2 className="fb-visually-hidden">Resultater</h2>
        <div className="task-results__bar">
          <p className="task-results__count" role="status">
            {data && !list.error ? resultLine(filters.page, data.items.length, data.total, data.totalIsEstimate) : ''}
          </p>
          {list.isPlaceholderData && <Spinner inline label="Opdaterer…" />}
        </div>
        <div className={list.isPlaceholderData ? 'task-results__content is-stale' : 'task-results__content'}>{content}</div>
      </div>
    </div>
  );
}
