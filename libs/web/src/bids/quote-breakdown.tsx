import type { AdminQuote, CarrierQuote } from '@fragtbud/contracts';
import { formatDkkFromKroner } from '../format/money';
import { classNames } from '../ui/class-names';
import './bids.css';

interface Line {
  label: string;
  amount: number;
  /** Subtracted from the line above (shown with a minus). */
  minus?: boolean;
  /** A sum line (bold, with a rule above). */
  total?: boolean;
}

function BreakdownList({ lines, label }: { lines: Line[]; label: string }) {
  return (
    <dl className="fb-breakdown" aria-label={label}>
      {lines.map((line) => (
        <div key={line.label} className={classNames('fb-breakdown__line', line.total && 'fb-breakdown__line--total')}>
          <dt>{line.label}</dt>
          <dd>
            {line.minus ? '− ' : ''}
            {formatDkkFromKroner(line.amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How a carrier's payout comes from their price: price − fee = payout ex VAT; + VAT = payout incl. VAT. */
export function CarrierQuoteBreakdown({ quote, feeLabel = 'Gebyr til Fragtbud' }: { quote: CarrierQuote; feeLabel?: string }) {
  return (
    <BreakdownList
      label="Beregning af udbetaling"
      lines={[
        { label: 'Din pris (ekskl. moms)', amount: quote.net },
        { label: feeLabel, amount: quote.carrierFee, minus: true },
        { label: 'Udbetaling ekskl. moms', amount: quote.payoutNet, total: true },
        { label: 'Moms', amount: quote.payoutVat },
        { label: 'Udbetaling inkl. moms', amount: quote.payoutGross, total: true },
      ]}
    />
  );
}

/** The whole price of a bid, for an admin: what the customer pays and what the carrier is paid. */
export function AdminQuoteBreakdown({ quote }: { quote: AdminQuote }) {
  return (
    <BreakdownList
      label="Prisfordeling"
      lines={[
        { label: 'Vognmandens pris (netto)', amount: quote.net },
        { label: 'Platformgebyr (ekskl. moms)', amount: quote.platformFee },
        { label: 'Servicegebyr (ekskl. moms)', amount: quote.smallFee },
        { label: 'Subtotal ekskl. moms', amount: quote.subtotalBeforeVat, total: true },
        { label: 'Moms', amount: quote.vat },
        { label: 'Kunden betaler i alt', amount: quote.total, total: true },
        { label: 'Vognmandsgebyr', amount: quote.carrierFee },
        { label: 'Udbetaling ekskl. moms', amount: quote.payoutNet },
        { label: 'Moms af udbetaling', amount: quote.payoutVat },
        { label: 'Udbetaling inkl. moms', amount: quote.payoutGross, total: true },
      ]}
    />
  );
}
