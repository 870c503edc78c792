import { Link } from 'react-router-dom';
import type { FinancialOverview, PlatformSaldo } from '@fragtbud/contracts';
import { EmptyState, ErrorState, Spinner, TableScroll, formatDkkFromKroner } from '@fragtbud/web';
import { platformSaldoCsvUrl, useFinancial } from './api/get-financial-overview';
import { UNKNOWN_CARRIER } from '../../shared/person-names';
import { RevenueChart } from './revenue-chart';

/**
 * The admin's 'Økonomioversigt' (spec sections 2 and 3): revenue and transactions all time, revenue per month
 * (a chart, and the same numbers as a table), the platform saldo and its parts with the 'platform_balance' CSV,
 * and the carriers with money waiting to be paid out (each a link to their rows in the ledger).
 */
export function FinancialTab() {
  const data = useFinancial();
  return (
    <section aria-labelledby="financial-title">
      <h2 id="financial-title" className="admin-panel__title">
        Økonomioversigt
      </h2>
      {data.error ? (
        <ErrorState message="Kunne ikke hente økonomi." onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Spinner label="Henter økonomi …" />
      ) : (
        <Overview overview={data.data.overview} saldo={data.data.saldo} />
      )}
    </section>
  );
}

function Overview({ overview, saldo }: { overview: FinancialOverview; saldo: PlatformSaldo }) {
  return (
    <>
      <dl className="admin-financial__totals">
        <div>
          <dt>Omsætning i alt</dt>
          <dd>{formatDkkFromKroner(overview.totalRevenueAllTime)}</dd>
        </div>
        <div>
          <dt>Transaktioner i alt</dt>
          <dd>{overview.totalTransactionsAllTime}</dd>
        </div>
        <div>
          <dt>Platformens indtægt (ekskl. moms)</dt>
          <dd>{formatDkkFromKroner(overview.platformCommissionAllTime)}</dd>
        </div>
      </dl>

      <h3>Omsætning pr. måned</h3>
      {overview.revenueByMonth.length === 0 ? (
        <EmptyState title="Ingen omsætning endnu" />
      ) : (
        <RevenueChart months={overview.revenueByMonth} />
      )}

      <h3>Platformens saldo</h3>
      <table className="fb-table admin-table" aria-label="Platformens saldo">
        <tbody>
          <tr>
            <th scope="row">Fra transaktioner</th>
            <td>{formatDkkFromKroner(saldo.platformFromTransactions)}</td>
          </tr>
          <tr>
            <th scope="row">Kundejusteringer</th>
            <td>{formatDkkFromKroner(saldo.customerAdjustments)}</td>
          </tr>
          <tr>
            <th scope="row">Carrierjusteringer</th>
            <td>{formatDkkFromKroner(saldo.carrierAdjustments)}</td>
          </tr>
          <tr>
            <th scope="row">Platformudbetalinger</th>
            <td>{formatDkkFromKroner(-saldo.platformPayouts)}</td>
          </tr>
          <tr>
            <th scope="row">I alt</th>
            <td>{formatDkkFromKroner(saldo.total)}</td>
          </tr>
        </tbody>
      </table>
      <p className="admin-financial__download">
        <a className="fb-button fb-button--secondary" href={platformSaldoCsvUrl()} download="platform_balance.csv">
          Download CSV (platform_balance)
        </a>
      </p>

      <h3>Carriers med beløb til udbetaling</h3>
      {overview.carriersWithPending.length === 0 ? (
        <EmptyState title="Ingen beløb venter på udbetaling" />
      ) : (
        <TableScroll label="Carriers med beløb til udbetaling">
          <table className="fb-table admin-table">
            <thead>
              <tr>
                <th scope="col">Carrier</th>
                <th scope="col">Til udbetaling (netto)</th>
                <th scope="col">Saldo (netto)</th>
              </tr>
            </thead>
            <tbody>
              {overview.carriersWithPending.map((carrier) => (
                <tr key={carrier.carrierId}>
                  <td>
                    <Link to={`/AdminDashboard?tab=ledger&carrierId=${carrier.carrierId}`}>{carrier.carrierName ?? UNKNOWN_CARRIER}</Link>
                  </td>
                  <td>{formatDkkFromKroner(carrier.pendingNet)}</td>
                  <td>{formatDkkFromKroner(carrier.balanceNet)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
