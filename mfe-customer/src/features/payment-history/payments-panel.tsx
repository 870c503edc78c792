import { ledgerStatusLabel, vatBaseLabels, type CustomerLedger, type PaymentHistory, type VatBase } from '@fragtbud/contracts';
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
  // The one VAT model (docs/money.md): Beløb (gross) = Netto ex moms + Moms, with what the VAT is computed on.
  { key: 'netExVat', header: 'Netto ex moms', cell: (row) => vatFigure(row.netExVat, row.type === 'refund') },
  { key: 'vat', header: 'Moms', cell: (row) => vatFigure(row.vat, row.type === 'refund') },
  { key: 'vatBase', header: 'Momsgrundlag', cell: (row) => vatBaseLabel(row.vatBase) },
];

/** A VAT figure as the row's amount reads (a refund is money back: negative); – when the service did not say. */
function vatFigure(value: number | undefined, back = false): string {
  if (value === undefined) return '–';
  return formatDkkFromKroner(back ? -value : value);
}

const vatBaseLabel = (base: VatBase | undefined) => (base ? vatBaseLabels[base] : '–');

const ADJUSTMENT_COLUMNS: readonly DataTableColumn<AdjustmentRow>[] = [
  { key: 'date', header: 'Dato', cell: (row) => formatDate(row.date) },
  { key: 'task', header: 'Opgave', cell: (row) => <TaskLink taskId={row.task_id} title={row.task_title} /> },
  { key: 'reason', header: 'Begrundelse', cell: (row) => row.reason },
  { key: 'status', header: 'Status', cell: (row) => ledgerStatusLabel(row.status) },
  { key: 'amount', header: 'Beløb', cell: (row) => formatDkkFromKroner(row.amount) },
  { key: 'netExVat', header: 'Netto ex moms', cell: (row) => vatFigure(row.netExVat) },
  { key: 'vat', header: 'Moms', cell: (row) => vatFigure(row.vat) },
  { key: 'vatBase', header: 'Momsgrundlag', cell: (row) => vatBaseLabel(row.vatBase) },
];

/**
 * The customer's 'Betalinger' (spec sections 2 and 3): payment history (date, task, status, amount — refunds and
 * extra fees included) and ledger adjustments with total applied and total pending; each task named and linked; each
 * row with its VAT as the ledger books it (gross = net ex VAT + VAT, and the VAT base).
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
