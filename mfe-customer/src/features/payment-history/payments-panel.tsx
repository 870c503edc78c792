import { ledgerStatusLabel, type CustomerLedger, type PaymentHistory } from '@fragtbud/contracts';
import { DataTable, EmptyState, ErrorState, Spinner, TaskLink, formatDate, formatDkkFromKroner, type DataTableColumn } from '@fragtbud/web';
import { usePayments } from './api/get-payment-history';

const TYPE_LABELS = { payment: 'Betaling', refund: 'Refundering', charge: 'Ekstra gebyr' } as const;

type HistoryRow = PaymentHistory['items'][number];
type AdjustmentRow = CustomerLedger['rows'][number];

// Tables that become cards on a phone, so the page never scrolls sideways.
const HISTORY_COLUMNS: readonly DataTableColumn<HistoryRow>[] = [
  { key: 'date', header: 'Dato', cell: (row) => formatDate(row.date) },
  { key: 'task', header: 'Opgave', cell: (row) => <TaskLink taskId={row.task_id} title={row.task_title} /> },
  { key: 'type', header: 'Type', cell: (row) => TYPE_LABELS[row.type] },
  // An extra fee says why: the reason the admin typed when charging it.
  { key: 'reason', header: 'Begrundelse', cell: (row) => row.reason ?? '–' },
  { key: 'status', header: 'Status', cell: (row) => ledgerStatusLabel(row.status) },
  { key: 'amount', header: 'Beløb', cell: (row) => formatDkkFromKroner(row.type === 'refund' ? -row.amount : row.amount) },
];

const ADJUSTMENT_COLUMNS: readonly DataTableColumn<AdjustmentRow>[] = [
  { key: 'date', header: 'Dato', cell: (row) => formatDate(row.date) },
  { key: 'task', header: 'Opgave', cell: (row) => <TaskLink taskId={row.task_id} title={row.task_title} /> },
  { key: 'reason', header: 'Begrundelse', cell: (row) => row.reason },
  { key: 'status', header: 'Status', cell: (row) => ledgerStatusLabel(row.status) },
  { key: 'amount', header: 'Beløb', cell: (row) => formatDkkFromKroner(row.amount) },
];

/**
 * The customer's 'Betalinger' (spec sections 2 and 3): payment history (date, task, status, amount — refunds and
 * extra fees included) and ledger adjustments with total applied and total pending; each task named and linked.
 */
export function PaymentsPanel() {
  const data = usePayments();
  return (
    <section className="fb-card customer-payments" aria-labelledby="customer-payments-title">
      <h2 id="customer-payments-title">Betalinger</h2>
      {data.error ? (
        <ErrorState message="Kunne ikke hente data" onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Spinner label="Henter betalinger …" />
      ) : (
        <>
          <h3>Betalingshistorik</h3>
          {data.data.history.items.length === 0 ? (
            <EmptyState title="Ingen betalinger endnu" />
          ) : (
            <DataTable caption="Betalingshistorik" columns={HISTORY_COLUMNS} rows={data.data.history.items} rowKey={(row) => `${row.type}-${row.id}`} cardsOnPhone />
          )}
          <h3>Justeringer</h3>
          <dl className="details-list">
            <div>
              <dt>Anvendt i alt</dt>
              <dd>{formatDkkFromKroner(data.data.ledger.totalApplied)}</dd>
            </div>
            <div>
              <dt>Afventer i alt</dt>
              <dd>{formatDkkFromKroner(data.data.ledger.totalPending)}</dd>
            </div>
          </dl>
          {data.data.ledger.rows.length === 0 ? (
            <EmptyState title="Ingen justeringer" />
          ) : (
            <DataTable caption="Justeringer" columns={ADJUSTMENT_COLUMNS} rows={data.data.ledger.rows} rowKey={(row) => row.id} cardsOnPhone />
          )}
        </>
      )}
    </section>
  );
}
