import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { Button, EmptyState, ErrorState, Spinner, formatDate, formatDkkFromKroner, formatWholeDkkFromKroner, isApiError, newIdempotencyKey } from '@fragtbud/web';
import { ownFinanceCsvUrl, useOwnFinance } from './api/get-own-finance';
import { usePayoutLink } from './api/get-payout-link';
import { useRequestPayout } from './api/request-payout';
import { withRunningBalance, type BalanceRow } from './running-balance';
import './finance.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;


/**
 * The carrier's 'Økonomi' (spec sections 2, 3 and 9): balance and pending (net), the rows oldest first, the CSV,
 * 'Anmod om udbetaling' (one payout of everything pending — a double click is the same request) and
 * 'Opsæt udbetalinger' (Stripe Connect onboarding, or why it cannot be set up).
 */
export function FinancePanel() {
  const finance = useOwnFinance();
  const [notice, setNotice] = useState<Notice>(null);
  const requestKey = useRef(newIdempotencyKey());
  const request = useRequestPayout();
  const link = usePayoutLink();

  const onRequest = async () => {
    setNotice(null);
    if (!finance.data || finance.data.pendingNet <= 0) {
      setNotice({ tone: 'error', text: messages.noPayoutAmount });
      return;
    }
    try {
      const answer = await request.mutateAsync(requestKey.current);
      if (!answer) return;
      requestKey.current = newIdempotencyKey();
      setNotice({ tone: 'success', text: answer.message });
    } catch {
      // shown below from request.error
    }
  };
  const onSetup = async () => {
    setNotice(null);
    try {
      const answer = await link.mutateAsync();
      if (answer?.url) window.location.assign(answer.url);
      else if (answer) setNotice({ tone: 'error', text: answer.message ?? messages.payoutProviderNotConfigured });
    } catch {
      // shown below from link.error
    }
  };
  const failure = request.error ?? link.error;

  return (
    <section className="fb-card carrier-finance" aria-labelledby="carrier-finance-title">
      <h2 id="carrier-finance-title">Økonomi</h2>
      {finance.error ? (
        <ErrorState message="Kunne ikke hente økonomi." onRetry={() => void finance.refetch()} />
      ) : !finance.data ? (
        <Spinner label="Henter økonomi …" />
      ) : (
        <>
          <dl className="details-list">
            <div>
              <dt>Saldo (netto)</dt>
              <dd>{formatDkkFromKroner(finance.data.balanceNet)}</dd>
            </div>
            <div>
              <dt>Til udbetaling (netto)</dt>
              <dd>{formatDkkFromKroner(finance.data.pendingNet)}</dd>
            </div>
          </dl>
          <div className="carrier-finance__actions">
            <Button onClick={onRequest} disabled={request.isPending}>
              Anmod om udbetaling
            </Button>
            <Button variant="secondary" onClick={onSetup} disabled={link.isPending}>
              Opsæt udbetalinger
            </Button>
            <a className="fb-button fb-button--secondary" href={ownFinanceCsvUrl()} download="okonomi.csv">
              Eksportér CSV
            </a>
          </div>
          {notice && (
            <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`carrier-finance__notice is-${notice.tone}`}>
              {notice.text}
            </p>
          )}
          {failure && !notice ? <p role="alert">{isApiError(failure) ? failure.message : 'Kunne ikke oprette udbetaling'}</p> : null}
          {finance.data.rows.length === 0 ? (
            <EmptyState title="Ingen posteringer endnu" />
          ) : (
            <>
              <p className="carrier-finance__note">
                Tabellen viser brutto (inkl. moms) i hele kroner: udbetalingen for hver opgave, dine udbetalinger og justeringer
                og den løbende saldo. Saldo og til udbetaling ovenfor er netto (ekskl. moms).
              </p>
              <div className="fb-table-wrap">
                <table className="fb-table carrier-finance__rows">
                  <thead>
                    <tr>
                      <th scope="col">Dato</th>
                      <th scope="col">Opgave</th>
                      <th scope="col">Post</th>
                      <th scope="col" className="carrier-finance__money">
                        Beløb (brutto)
                      </th>
                      <th scope="col" className="carrier-finance__money">
                        Saldo (brutto)
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {withRunningBalance(finance.data.rows).map((line) => (
                      <BalanceTableRow key={`${line.row.type}-${line.row.id}`} line={line} />
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** A payout names its net too: the request pays out the net shown above, the row moves the gross. */
function BalanceTableRow({ line: { row, change, balance } }: { line: BalanceRow }) {
  return (
    <tr>
      <td>{formatDate(row.date)}</td>
      <td>{row.task_id === null ? '–' : <Link to={`/task/${row.task_id}`}>{row.task_title ?? `#${row.task_id}`}</Link>}</td>
      <td>
        {row.type === 'adjustment' && row.reason ? `${row.label}: ${row.reason}` : row.label}
        {row.type === 'payout' && row.net !== null ? <span className="carrier-finance__sub">Netto {formatWholeDkkFromKroner(row.net)}</span> : null}
      </td>
      <td className="carrier-finance__money">{formatWholeDkkFromKroner(change)}</td>
      <td className="carrier-finance__money">{formatWholeDkkFromKroner(balance)}</td>
    </tr>
  );
}
