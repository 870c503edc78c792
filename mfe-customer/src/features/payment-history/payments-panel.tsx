import { ledgerStatusLabel } from '@fragtbud/contracts';
import { EmptyState, ErrorState, Spinner, TaskLink, formatDate, formatDkkFromKroner } from '@fragtbud/web';
import { usePayments } from './api/get-payment-history';

const TYPE_LABELS = { payment: 'Betaling', refund: 'Refundering', charge: 'Ekstra gebyr' } as const;

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
            <table aria-label="Betalingshistorik">
              <thead>
                <tr>
                  <th scope="col">Dato</th>
                  <th scope="col">Opgave</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Beløb</th>
                </tr>
              </thead>
              <tbody>
                {data.data.history.items.map((row) => (
                  <tr key={`${row.type}-${row.id}`}>
                    <td>{formatDate(row.date)}</td>
                    <td>
                      <TaskLink taskId={row.task_id} title={row.task_title} />
                    </td>
                    <td>{TYPE_LABELS[row.type]}</td>
                    <td>{ledgerStatusLabel(row.status)}</td>
                    <td>{formatDkkFromKroner(row.type === 'refund' ? -row.amount : row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
            <table aria-label="Justeringer">
              <thead>
                <tr>
                  <th scope="col">Dato</th>
                  <th scope="col">Opgave</th>
                  <th scope="col">Begrundelse</th>
                  <th scope="col">Status</th>
                  <th scope="col">Beløb</th>
                </tr>
              </thead>
              <tbody>
                {data.data.ledger.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDate(row.date)}</td>
                    <td>
                      <TaskLink taskId={row.task_id} title={row.task_title} />
                    </td>
                    <td>{row.reason}</td>
                    <td>{ledgerStatusLabel(row.status)}</td>
                    <td>{formatDkkFromKroner(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
