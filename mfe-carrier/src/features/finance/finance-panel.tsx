import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ledgerStatusLabel, messages, type CarrierFinanceRow } from '@fragtbud/contracts';
import {
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  Spinner,
  TaskLink,
  formatDate,
  formatDkkFromKroner,
  formatWholeDkkFromKroner,
  hasErrorCode,
  isApiError,
  newIdempotencyKey,
  type DataTableColumn,
} from '@fragtbud/web';
import { ownFinanceCsvUrl, useOwnFinance } from './api/get-own-finance';
import { usePayoutLink } from './api/get-payout-link';
import { useRequestPayout } from './api/request-payout';
import { withRunningBalance, type BalanceRow } from './running-balance';
import './finance.css';

/** 'Økonomi'; only the release test's fixture build (FIXTURE_FINANCE_HEADING, rspack.config.ts) says otherwise. */
const financeHeading = (typeof __FIXTURE_FINANCE_HEADING__ === 'string' && __FIXTURE_FINANCE_HEADING__) || 'Økonomi';

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
      <h2 id="carrier-finance-title">{financeHeading}</h2>
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
          {failure && !notice ? (
            <p role="alert" className="carrier-finance__notice is-error">
              {isApiError(failure) ? failure.message : 'Kunne ikke oprette udbetaling'}
              {hasErrorCode(failure, 'bank_details_missing') ? (
                <>
                  {' '}
                  <Link to="/profile?tab=bank">Gå til Bank</Link>
                </>
              ) : null}
            </p>
          ) : null}
          {finance.data.rows.length === 0 ? (
            <EmptyState title="Ingen posteringer endnu" />
          ) : (
            <>
              <p className="carrier-finance__note">
                Tabellen viser brutto (inkl. moms) i hele kroner og netto (ekskl. moms) under: udbetalingen for hver afsluttet
                opgave, dine udbetalinger og justeringer og den løbende saldo. Den løbende saldo netto ender ved Til udbetaling
                (netto) ovenfor; Saldo (netto) trækker først en udbetaling fra, når den er udbetalt. En opgave, der ikke er
                afsluttet endnu, er refunderet eller annulleret, tæller ikke med.
              </p>
              <DataTable
                caption="Posteringer med løbende saldo"
                columns={balanceColumns}
                rows={withRunningBalance(finance.data.rows)}
                rowKey={(line) => `${line.row.type}-${line.row.id}`}
                className="carrier-finance__rows"
                cardsOnPhone
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Why a row does not move the balance, after its status ('Refunderet'); nothing when it does. */
function standingOf(row: CarrierFinanceRow): string | null {
  if (row.type === 'transaction') {
    const status = ledgerStatusLabel(row.status);
    if (row.inBalance) return null;
    return row.status === 'awaiting_completion' ? `${status} – tæller med, når opgaven er afsluttet` : `${status} – tæller ikke med`;
  }
  return row.inBalance ? null : 'Tæller ikke med';
}

function vatLineOf(row: CarrierFinanceRow, vat: number): string {
  if (row.type === 'adjustment' && (row.payoutVat ?? 0) === 0) return 'Uden moms';
  return `Moms ${formatWholeDkkFromKroner(vat)}`;
}

const netLine = (kroner: number) => <span className="carrier-finance__sub">Netto {formatWholeDkkFromKroner(kroner)}</span>;

/** The balance table (spec section 9): each amount gross with its net under it, so both balances can be followed. */
const balanceColumns: DataTableColumn<BalanceRow>[] = [
  { key: 'date', header: 'Dato', cell: ({ row }) => formatDate(row.date) },
  {
    key: 'task',
    header: 'Opgave',
    cell: ({ row }) => <TaskLink taskId={row.task_id} title={row.task_title} />,
  },
  {
    key: 'entry',
    header: 'Post',
    cell: ({ row }) => {
      const standing = standingOf(row);
      return (
        <>
          {row.type === 'adjustment' && row.reason ? `${row.label}: ${row.reason}` : row.label}
          {standing ? <span className="carrier-finance__sub">{standing}</span> : null}
        </>
      );
    },
  },
  {
    key: 'change',
    header: 'Beløb (brutto)',
    className: 'carrier-finance__money',
    cell: ({ row, change, changeNet }) => (
      <>
        {formatWholeDkkFromKroner(change)}
        {netLine(changeNet)}
        {/* One VAT model (docs/money.md): the VAT in the row, on the payout — an adjustment without VAT says so. */}
        {row.inBalance ? <span className="carrier-finance__sub">{vatLineOf(row, change - changeNet)}</span> : null}
      </>
    ),
  },
  {
    key: 'balance',
    header: 'Saldo (brutto)',
    className: 'carrier-finance__money',
    cell: ({ balance, balanceNet }) => (
      <>
        {formatWholeDkkFromKroner(balance)}
        {netLine(balanceNet)}
      </>
    ),
  },
];
