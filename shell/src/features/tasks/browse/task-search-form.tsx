import { useEffect, useState, type FormEvent } from 'react';
import { browseStatusOptions } from '@fragtbud/contracts';
import { Button, Field, SelectField, TASK_TYPES, parseDanishNumber, taskStatusLabel } from '@fragtbud/web';
import { EMPTY_FILTERS, type BrowseFilters, type BrowseStatus } from './browse-filters';

export interface TaskSearchFormProps {
  filters: BrowseFilters;
  onApply: (filters: BrowseFilters) => void;
  onReset: () => void;
  /** /tasks for carriers: 'Kan bydes på' (open for bids, no bid of their own). */
  showAvailable: boolean;
  /** Signed-in users may narrow to their own tasks. */
  mineLabel: string | null;
  /** /tasks also knows 'active' (neither completed nor cancelled). */
  showActive: boolean;
  /**
   * Price from/to filter against the lowest bid, a customer total: for visitors, customers and admins — the server
   * neither shows it to carriers nor lets them filter by it.
   */
  showPrice: boolean;
}

type FormErrors = Partial<Record<'minPrice' | 'maxPrice' | 'dateTo', string>>;

function validate(draft: BrowseFilters): FormErrors {
  const errors: FormErrors = {};
  const number = (value: string) => parseDanishNumber(value) ?? Number.NaN;
  if (draft.minPrice && !(number(draft.minPrice) >= 0)) errors.minPrice = 'Angiv et beløb på 0 eller mere.';
  if (draft.maxPrice && !(number(draft.maxPrice) >= 0)) errors.maxPrice = 'Angiv et beløb på 0 eller mere.';
  if (!errors.minPrice && !errors.maxPrice && draft.minPrice && draft.maxPrice && number(draft.minPrice) > number(draft.maxPrice)) {
    errors.maxPrice = 'Maksprisen skal være mindst lige så høj som minimumsprisen.';
  }
  if (draft.dateFrom && draft.dateTo && draft.dateTo < draft.dateFrom) errors.dateTo = 'Slutdatoen skal være samme dag som startdatoen eller senere.';
  return errors;
}

/** The price as the URL and the API carry it ('1.234,5' typed → '1234.5'). */
const priceParam = (typed: string) => {
  const value = parseDanishNumber(typed);
  return value === null ? typed.trim() : String(value);
};

const clean = (draft: BrowseFilters): BrowseFilters => ({
  ...draft,
  q: draft.q.trim(),
  minPrice: priceParam(draft.minPrice),
  maxPrice: priceParam(draft.maxPrice),
  page: 1,
});

/**
 * The search form of spec section 2. Choices (type, status, check boxes) apply at once; free text, dates and prices
 * when the form is sent. Every change starts again on page 1.
 */
export function TaskSearchForm({ filters, onApply, onReset, showAvailable, mineLabel, showActive, showPrice }: TaskSearchFormProps) {
  const [draft, setDraft] = useState(filters);
  const [errors, setErrors] = useState<FormErrors>({});
  // On a phone, dates and prices fold away unless one of them is in use.
  const [moreOpen, setMoreOpen] = useState(() => Boolean(filters.dateFrom || filters.dateTo || filters.minPrice || filters.maxPrice));

  // The URL is the truth: back/forward or a stat-card link replaces what the form shows.
  useEffect(() => {
    setDraft(filters);
    setErrors({});
    if (filters.dateFrom || filters.dateTo || filters.minPrice || filters.maxPrice) setMoreOpen(true);
  }, [filters]);

  const set = <K extends keyof BrowseFilters>(name: K, value: BrowseFilters[K]) => setDraft((current) => ({ ...current, [name]: value }));

  const apply = (next: BrowseFilters) => {
    const found = validate(next);
    setErrors(found);
    if (Object.keys(found).length > 0) setMoreOpen(true);
    else onApply(clean(next));
  };

  const applyAtOnce = <K extends keyof BrowseFilters>(name: K, value: BrowseFilters[K]) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    apply(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(draft);
  };

  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setErrors({});
    onReset();
  };

  const statuses: BrowseStatus[] = showActive || draft.status === 'active' ? ['active', ...browseStatusOptions] : [...browseStatusOptions];

  return (
    <form className="task-search fb-card" role="search" aria-label="Søg i opgaver" onSubmit={submit} noValidate>
      <div className="task-search__grid">
        <Field
          className="task-search__text"
          label="Søg"
          type="search"
          name="q"
          value={draft.q}
          maxLength={200}
          placeholder="Adresse, type, beskrivelse eller opgave-id"
          onChange={(event) => set('q', event.target.value)}
        />
        <SelectField label="Opgavetype" name="type" value={draft.type} onChange={(event) => applyAtOnce('type', event.target.value as BrowseFilters['type'])}>
          <option value="">Alle typer</option>
          {TASK_TYPES.map((type) => (
            <option key={type.type} value={type.type}>
              {type.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" name="status" value={draft.status} onChange={(event) => applyAtOnce('status', event.target.value as BrowseFilters['status'])}>
          <option value="">Alle statusser</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status === 'active' ? 'Aktive' : taskStatusLabel(status)}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="task-search__more"
          aria-expanded={moreOpen}
          aria-controls="task-search-advanced"
          onClick={() => setMoreOpen((open) => !open)}
        >
          {moreOpen ? 'Færre filtre' : showPrice ? 'Flere filtre (dato og pris)' : 'Flere filtre (dato)'}
        </button>
        <div id="task-search-advanced" className={moreOpen ? 'task-search__advanced is-open' : 'task-search__advanced'}>
          <Field label="Oprettet fra" type="date" name="dateFrom" value={draft.dateFrom} onChange={(event) => set('dateFrom', event.target.value)} />
          <Field
            label="Oprettet til"
            type="date"
            name="dateTo"
            value={draft.dateTo}
            min={draft.dateFrom || undefined}
            error={errors.dateTo}
            onChange={(event) => set('dateTo', event.target.value)}
          />
          {showPrice && (
            <>
              <Field
                label="Pris fra (DKK)"
                hint="Laveste bud"
                type="text"
                inputMode="decimal"
                name="minPrice"
                value={draft.minPrice}
                error={errors.minPrice}
                onChange={(event) => set('minPrice', event.target.value)}
              />
              <Field
                label="Pris til (DKK)"
                hint="Laveste bud"
                type="text"
                inputMode="decimal"
                name="maxPrice"
                value={draft.maxPrice}
                error={errors.maxPrice}
                onChange={(event) => set('maxPrice', event.target.value)}
              />
            </>
          )}
        </div>
      </div>
      <div className="task-search__footer">
        <div className="task-search__checks">
          <label className="task-search__check">
            <input type="checkbox" name="flexible" checked={draft.flexible} onChange={(event) => applyAtOnce('flexible', event.target.checked)} />
            Fleksibel afhentning
          </label>
          {showAvailable && (
            <label className="task-search__check">
              <input type="checkbox" name="available" checked={draft.available} onChange={(event) => applyAtOnce('available', event.target.checked)} />
              Kan bydes på
            </label>
          )}
          {mineLabel && (
            <label className="task-search__check">
              <input type="checkbox" name="mine" checked={draft.mine} onChange={(event) => applyAtOnce('mine', event.target.checked)} />
              {mineLabel}
            </label>
          )}
        </div>
        <div className="task-search__actions">
          <Button variant="ghost" onClick={reset}>
            Nulstil
          </Button>
          <Button type="submit">Søg</Button>
        </div>
      </div>
    </form>
  );
}
