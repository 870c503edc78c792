import { browseStatusOptions } from '@fragtbud/contracts';
import { isTaskType, type TaskType } from '@fragtbud/web';

/** Statuses the search form offers; `active` (not completed or cancelled) comes from the dashboard's links. */
export type BrowseStatus = (typeof browseStatusOptions)[number] | 'active';

/**
 * The filters of the task browser. They live in the URL (same names as GET /api/tasks takes), so a reload,
 * the back button or a shared link shows the same list.
 */
export interface BrowseFilters {
  q: string;
  type: TaskType | '';
  status: BrowseStatus | '';
  flexible: boolean;
  /** yyyy-mm-dd, on created_at. */
  dateFrom: string;
  dateTo: string;
  /** Whole or decimal kroner, against the lowest bid. */
  minPrice: string;
  maxPrice: string;
  /** Carriers: open for bids and no bid of their own. */
  available: boolean;
  /** Only the signed-in user's own tasks (customers: theirs; carriers: assigned or bid on). */
  mine: boolean;
  page: number;
}

export const PAGE_SIZE = 20;

export const EMPTY_FILTERS: BrowseFilters = {
  q: '',
  type: '',
  status: '',
  flexible: false,
  dateFrom: '',
  dateTo: '',
  minPrice: '',
  maxPrice: '',
  available: false,
  mine: false,
  page: 1,
};

const STATUS_VALUES: readonly string[] = [...browseStatusOptions, 'active'];
const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
const price = (value: string | null) => {
  const normalised = (value ?? '').trim().replace(',', '.');
  return normalised && Number.isFinite(Number(normalised)) && Number(normalised) >= 0 ? normalised : '';
};
const flag = (value: string | null) => value === 'true' || value === '1';

/** Reads the filters from the query string; anything malformed is ignored rather than sent on. */
export function filtersFromSearch(params: URLSearchParams): BrowseFilters {
  const type = params.get('type');
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    type: isTaskType(type) ? type : '',
    status: status && STATUS_VALUES.includes(status) ? (status as BrowseStatus) : '',
    flexible: flag(params.get('flexible')),
    dateFrom: isoDate(params.get('dateFrom')),
    dateTo: isoDate(params.get('dateTo')),
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    available: flag(params.get('available')),
    mine: flag(params.get('mine')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string for filters: only what is set, in a stable order, page left out on page 1. */
export function searchFromFilters(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.flexible) params.set('flexible', 'true');
  if (filters.dateFrom) params.set('dateFrom', filters.dateFrom);
  if (filters.dateTo) params.set('dateTo', filters.dateTo);
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.available) params.set('available', 'true');
  if (filters.mine) params.set('mine', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when any filter narrows the list (the page number does not count). */
export function hasActiveFilters(filters: BrowseFilters): boolean {
  return searchFromFilters({ ...filters, page: 1 }).toString() !== '';
}
