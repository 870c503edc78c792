import type { ReactNode } from 'react';
import type { BidView, Role } from '@fragtbud/contracts';
import { formatDateTime } from '../format/date';
import { BidPrice } from './bid-price';
import { BidStatusBadge } from './bid-status';
import './bids.css';

export interface BidsTableProps {
  bids: readonly BidView[];
  /** Whose eyes: names the price column after what that role is shown. */
  viewer: Role;
  /** The actions cell of a bid (choose, reject); empty when there is nothing to do. */
  renderActions?: (bid: BidView) => ReactNode;
  caption?: string;
}

const PRICE_HEADINGS: Record<Role, string> = {
  customer: 'Pris inkl. moms',
  carrier: 'Din udbetaling',
  admin: 'Pris',
};

/** The bids tab's table (spec section 2): carrier, price as the server cut it for the viewer, status, actions. */
export function BidsTable({ bids, viewer, renderActions, caption = 'Bud på opgaven' }: BidsTableProps) {
  return (
    <div className="fb-table-wrap">
      <table className="fb-table fb-bids-table">
        <caption className="fb-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Vognmand</th>
            <th scope="col">{PRICE_HEADINGS[viewer]}</th>
            <th scope="col">Status</th>
            <th scope="col">Gyldig til</th>
            <th scope="col">Handlinger</th>
          </tr>
        </thead>
        <tbody>
          {bids.map((bid) => (
            <tr key={bid.id}>
              <th scope="row" className="fb-bids-table__carrier">
                {bid.carrier_name}
                {bid.view === 'admin' && bid.carrier_list_name && (
                  <span className="fb-bid-price__note">Liste {bid.carrier_list_name}</span>
                )}
              </th>
              <td>
                <BidPrice bid={bid} />
              </td>
              <td>
                <BidStatusBadge status={bid.status} />
              </td>
              <td>{formatDateTime(bid.valid_until)}</td>
              <td className="fb-bids-table__actions">{renderActions?.(bid)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
