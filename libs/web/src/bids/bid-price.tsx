import { useId, useState } from 'react';
import type { AdminBid, BidView, CarrierBid, CustomerBid } from '@fragtbud/contracts';
import { formatDkkFromKroner } from '../format/money';
import { AdminQuoteBreakdown } from './quote-breakdown';
import './bids.css';

/**
 * The amount a bid is shown by, as the server cut it for the viewer: the customer's gross total, the carrier's payout
 * incl. VAT, the admin's customer total. Nothing here derives one view's figures from another's.
 */
export function bidHeadlineAmount(bid: BidView): number {
  switch (bid.view) {
    case 'customer':
      return bid.quote.total;
    case 'carrier':
      return bid.quote.payoutGross;
    case 'admin':
      return bid.quote.total;
  }
}

function CustomerPrice({ bid }: { bid: CustomerBid }) {
  return (
    <div className="fb-bid-price">
      <strong className="fb-bid-price__amount">{formatDkkFromKroner(bid.quote.total)}</strong>
      <span className="fb-bid-price__note">
        inkl. moms {formatDkkFromKroner(bid.quote.vat)} og gebyr {formatDkkFromKroner(bid.quote.smallFee)}
      </span>
    </div>
  );
}

function CarrierPrice({ bid }: { bid: CarrierBid }) {
  return (
    <div className="fb-bid-price">
      <strong className="fb-bid-price__amount">{formatDkkFromKroner(bid.quote.payoutGross)}</strong>
      <span className="fb-bid-price__note">udbetaling inkl. moms</span>
      <span className="fb-bid-price__note">{formatDkkFromKroner(bid.quote.payoutNet)} ekskl. moms</span>
    </div>
  );
}

function AdminPrice({ bid }: { bid: AdminBid }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="fb-bid-price">
      <strong className="fb-bid-price__amount">{formatDkkFromKroner(bid.quote.total)}</strong>
      <span className="fb-bid-price__note">kunden betaler · vognmanden får {formatDkkFromKroner(bid.quote.payoutGross)}</span>
      <button
        type="button"
        className="fb-bid-price__toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Skjul fordeling' : 'Vis fordeling'}
      </button>
      <div id={regionId} hidden={!open}>
        {open && <AdminQuoteBreakdown quote={bid.quote} />}
      </div>
    </div>
  );
}

/** A bid's price cell for whoever looks: customer gross total, carrier payout, admin total with its breakdown. */
export function BidPrice({ bid }: { bid: BidView }) {
  switch (bid.view) {
    case 'customer':
      return <CustomerPrice bid={bid} />;
    case 'carrier':
      return <CarrierPrice bid={bid} />;
    case 'admin':
      return <AdminPrice bid={bid} />;
  }
}
