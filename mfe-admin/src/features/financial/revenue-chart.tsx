import type { FinancialOverview } from '@fragtbud/contracts';
import { TableScroll, formatDkkFromKroner, formatMonth, formatShortMonth } from '@fragtbud/web';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = 28;

/**
 * Revenue per month as an SVG bar chart (hidden from screen readers) and the same numbers as a table, which
 * screen readers read instead.
 */
export function RevenueChart({ months }: { months: FinancialOverview['revenueByMonth'] }) {
  const max = Math.max(1, ...months.map((m) => m.revenue));
  const slot = (WIDTH - 2 * PAD) / months.length;
  const barWidth = Math.max(4, Math.min(48, slot * 0.6));
  return (
    <figure className="admin-financial__chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" focusable="false">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="currentColor" strokeOpacity="0.4" />
        {months.map((month, index) => {
          const height = Math.max(0, (month.revenue / max) * (HEIGHT - 2 * PAD));
          const x = PAD + index * slot + (slot - barWidth) / 2;
          return (
            <g key={month.month}>
              <rect x={x} y={HEIGHT - PAD - height} width={barWidth} height={height} fill="currentColor" opacity="0.75">
                <title>{`${formatMonth(month.month)}: ${formatDkkFromKroner(month.revenue)}`}</title>
              </rect>
              <text x={x + barWidth / 2} y={HEIGHT - PAD + 16} textAnchor="middle" fontSize="11">
                {formatShortMonth(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        {/* Scrolls inside its box on a phone instead of widening the whole page. */}
        <TableScroll label="Omsætning pr. måned">
          <table className="fb-table admin-table">
            <caption>Omsætning pr. måned</caption>
            <thead>
              <tr>
                <th scope="col">Måned</th>
                <th scope="col">Omsætning</th>
                <th scope="col">Platformens indtægt</th>
                <th scope="col">Transaktioner</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <td>{formatMonth(month.month)}</td>
                  <td>{formatDkkFromKroner(month.revenue)}</td>
                  <td>{formatDkkFromKroner(month.platformCommission)}</td>
                  <td>{month.transactions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </figcaption>
    </figure>
  );
}
