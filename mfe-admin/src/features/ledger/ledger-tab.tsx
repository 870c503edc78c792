import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ledgerStatusLabel, type LedgerRow } from '@fragtbud/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, Field, SelectField, Spinner, TableScroll, TaskLink, formatDate, formatDkkFromKroner } from '@fragtbud/web';
import { adminActionError } from '../../shared/action-error';
import { LEDGER_FILTER_KEYS, LEDGER_PAGE_SIZE, ledgerCsvUrl, useLedger, type LedgerFilterKey, type LedgerFilters } from './api/get-ledger';
import { useMarkPayoutPaid } from './api/mark-payout-paid';
import { LedgerActions } from './ledger-actions';
import { UNKNOWN_CARRIER, UNKNOWN_CUSTOMER } from '../../shared/person-names';
import { PersonPicker } from '../../shared/person-picker';

const TYPE_OPTIONS = [
  { value: '', label: 'Alle typer' },
  { value: 'transaction', label: 'Betaling' },
  { value: 'payout', label: 'Udbetaling' },
  { value: 'adjustment', label: 'Justering' },
  { value: 'refund', label: 'Refundering' },
  { value: 'charge', label: 'Ekstra gebyr' },
];

/** The statuses a row can have, by their Danish word (the filter sends the status the service knows). */
const STATUS_OPTIONS = [
  { value: '', label: 'Alle statusser' },
  ...['pending', 'succeeded', 'paid', 'cancelled', 'applied', 'refunded'].map((value) => ({ value, label: ledgerStatusLabel(value) })),
];

const FIELD_LABELS: Record<Exclude<LedgerFilterKey, 'type' | 'status' | 'carrierId' | 'customerId'>, string> = {
  from: 'Fra dato',
  to: 'Til dato',
  taskId: 'Opgave-id',
};

/** The people the ledger is filtered by, chosen by name in the person picker. */
const PERSON_FILTERS = [
  { name: 'carrierId', label: 'Carrier', role: 'carrier' },
  { name: 'customerId', label: 'Kunde', role: 'customer' },
] as const;

function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

function filtersFrom(params: URLSearchParams): LedgerFilters {
  const filters: LedgerFilters = {};
  for (const key of LEDGER_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/**
 * The admin's 'Ledger' tab (spec section 2): every row type with its spec-3 columns, filtered from the URL (so
 * `?tab=ledger&taskId=…`, `carrierId=…` and `customerId=…` links preselect), paged, with the 'admin_ledger' CSV of
 * the filtered rows and 'Markér som udbetalt' on a payout that waits.
 */
export function LedgerTab() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<LedgerFilters>(filters);
  // A link to a person's rows (a name in the table, the task page) changes the URL: the fields show that filter.
  const [shown, setShown] = useState(params.toString());
  if (shown !== params.toString()) {
    setShown(params.toString());
    setDraft(filters);
  }
  const ledger = useLedger(filters, page);
  // Another page starts at the top of the rows, not where the page buttons were (below the table).
  const rowsRef = useRef<HTMLParagraphElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current !== page) rowsRef.current?.scrollIntoView?.({ block: 'start' });
    shownPage.current = page;
  }, [page]);

  const apply = (next: LedgerFilters, nextPage = 1) => {
    const search = new URLSearchParams({ tab: 'ledger' });
    for (const k of LEDGER_FILTER_KEYS) if (next[k]?.trim()) search.set(k, next[k]!.trim());
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const total = ledger.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));

  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title" className="admin-panel__title">
        Ledger
      </h2>
      <form className="admin-ledger__filters" onSubmit={onSubmit} aria-label="Filtrér ledger">
        {(Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).map((name) => (
          <Field
            key={name}
            label={FIELD_LABELS[name]}
            type={name === 'from' || name === 'to' ? 'date' : 'text'}
            value={draft[name] ?? ''}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          />
        ))}
        {PERSON_FILTERS.map((filter) => (
          <PersonPicker
            key={filter.name}
            label={filter.label}
            role={filter.role}
            value={draft[filter.name] ?? ''}
            hint="Alle. Søg på navn, firma eller e-mail, eller skriv et id."
            onChange={(id) => setDraft((current) => ({ ...current, [filter.name]: id }))}
          />
        ))}
        <SelectField label="Status" value={draft.status ?? ''} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
          <Options options={STATUS_OPTIONS} />
        </SelectField>
        <SelectField label="Type" value={draft.type ?? ''} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
          <Options options={TYPE_OPTIONS} />
        </SelectField>
        <Button type="submit">Filtrér</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setDraft({});
            apply({});
          }}
        >
          Nulstil
        </Button>
        <a className="fb-button fb-button--secondary" href={ledgerCsvUrl(filters)} download="admin_ledger.csv">
          Download CSV (admin_ledger)
        </a>
      </form>

      <LedgerActions />
      {ledger.error ? (
        <ErrorState message="Kunne ikke hente ledger" onRetry={() => void ledger.refetch()} />
      ) : ledger.isFetching && !ledger.data ? (
        <Spinner label="Henter ledger …" />
      ) : !ledger.data || ledger.data.items.length === 0 ? (
        <EmptyState title="Ingen rækker" message="Ingen rækker matcher filtrene." />
      ) : (
        <>
          <p ref={rowsRef}>
            Viser {ledger.data.items.length} af {total} rækker
          </p>
          <TableScroll label="Ledger-rækker" className="admin-ledger__scroll">
            <table className="fb-table admin-ledger__table">
              <thead>
                <tr>
                  <th scope="col">Dato</th>
                  <th scope="col">Type</th>
                  <th scope="col">Opgave</th>
                  <th scope="col">Status</th>
                  <th scope="col">Beløb</th>
                  <th scope="col">Carrier</th>
                  <th scope="col">Kunde</th>
                  <th scope="col">Platform kommission</th>
                  <th scope="col">Moms (i alt)</th>
                  <th scope="col">Udb. brutto</th>
                  <th scope="col">Udb. netto</th>
                  <th scope="col" className="admin-ledger__action-cell">
                    Handling
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.items.map((row) => (
                  <LedgerTableRow key={`${row.type}-${row.id}`} row={row} />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav className="admin-ledger__pages" aria-label="Sider">
            <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => apply(filters, page - 1)}>
              Forrige
            </Button>
            <span>
              Side {page} af {pages}
            </span>
            <Button type="button" variant="secondary" disabled={page >= pages} onClick={() => apply(filters, page + 1)}>
              Næste
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}

const money = (value: number | null) => (value === null ? '–' : formatDkkFromKroner(value));

function LedgerTableRow({ row }: { row: LedgerRow }) {
  return (
    <tr>
      <td>{formatDate(row.date)}</td>
      <td>{row.label}</td>
      <td className="admin-ledger__task"><TaskLink taskId={row.task_id} title={row.task_title} /></td>
      <td>
        {ledgerStatusLabel(row.status)}
        {/* The payment provider's or the bank's id, for finding the movement there; not an action. */}
        {row.providerRef ? <span className="admin-table__sub">Reference: {row.providerRef}</span> : null}
      </td>
      <td className="admin-ledger__money">{formatDkkFromKroner(row.amount)}</td>
      {/* People by name (svc-ledger's user directory); the link filters the ledger to them. Never a bare number. */}
      <td className="admin-ledger__person">{row.carrier_id === null ? '–' : <Link to={`/AdminDashboard?tab=ledger&carrierId=${row.carrier_id}`}>{row.carrier_name ?? UNKNOWN_CARRIER}</Link>}</td>
      <td className="admin-ledger__person">{row.customer_id === null ? '–' : <Link to={`/AdminDashboard?tab=ledger&customerId=${row.customer_id}`}>{row.customer_name ?? UNKNOWN_CUSTOMER}</Link>}</td>
      <td className="admin-ledger__money">{money(row.platformCommission)}</td>
      <td className="admin-ledger__money">{money(row.vatTotal)}</td>
      <td className="admin-ledger__money">{money(row.carrierPayoutGross)}</td>
      <td className="admin-ledger__money">{money(row.carrierPayoutNet)}</td>
      {/* Kept in view on the right however far the columns scroll: the one thing to do in a row. */}
      <td className="admin-ledger__action-cell">{row.type === 'payout' && row.status === 'pending' ? <MarkPaid row={row} /> : null}</td>
    </tr>
  );
}

/** The question before a payout is marked paid: what is registered, for whom, and that it cannot be undone. */
export function markPaidQuestion(row: Pick<LedgerRow, 'amount' | 'carrier_id' | 'carrier_name'>, reference: string): string {
  const to = row.carrier_id === null ? '' : ` til ${row.carrier_name ?? UNKNOWN_CARRIER}`;
  const ref = reference.trim() ? ` med reference ${reference.trim()}` : ' uden reference';
  return `Udbetalingen på ${formatDkkFromKroner(row.amount)}${to} registreres som udbetalt${ref}. Det kan ikke fortrydes.`;
}

/**
 * 'Markér som udbetalt' asks first (the money has left the bank; it cannot be undone), then sends one PUT however
 * often the confirming button is clicked. The ledger is asked for again once the payout is marked.
 */
function MarkPaid({ row }: { row: LedgerRow }) {
  const payoutId = row.id;
  const [reference, setReference] = useState('');
  const [confirming, setConfirming] = useState(false);
  const mark = useMarkPayoutPaid(payoutId);
  const confirm = async () => {
    try {
      await mark.mutateAsync(reference);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <form
      className="admin-ledger__mark-paid"
      onSubmit={(event) => {
        event.preventDefault();
        if (mark.isPending) return;
        mark.reset();
        setConfirming(true);
      }}
    >
      <Field label={`Reference for udbetaling ${payoutId}`} value={reference} onChange={(event) => setReference(event.target.value)} />
      <Button type="submit" disabled={mark.isPending || confirming}>
        Markér som udbetalt
      </Button>
      {mark.error ? <p role="alert">{adminActionError(mark.error, 'Kunne ikke udføre handlingen.')}</p> : null}
      <ConfirmDialog
        open={confirming}
        title="Markér udbetalingen som udbetalt?"
        confirmLabel="Markér som udbetalt"
        variant="primary"
        busy={mark.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>{markPaidQuestion(row, reference)}</p>
      </ConfirmDialog>
    </form>
  );
}
