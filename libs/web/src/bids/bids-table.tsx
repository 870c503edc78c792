import type { ReactNode } from 'react';
import type { BidView, CarrierSummary, Role } from '@fragtbud/contracts';
import { CarrierSummaryCell } from '../carriers/carrier-summary';
import { formatDateTime } from '../format/date';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { BidPrice } from './bid-price';
import { bidSlotNote } from './bid-slot';
import { BidStatusBadge } from './bid-status';
import './bids.css';

export interface BidsTableProps {
  bids: readonly BidView[];
  /** Whose eyes: names the price column after what that role is shown. */
  viewer: Role;
  /** The actions cell of a bid (choose, reject); empty when there is nothing to do. */
  renderActions?: (bid: BidView) => ReactNode;
  caption?: string;
  /** The bidders' public profiles (stars, reviews, completed tasks, badges), by carrier id; a bid without one shows its name. */
  carriers?: ReadonlyMap<number, CarrierSummary>;
}

const PRICE_HEADINGS: Record<Role, string> = {
  customer: 'Pris inkl. moms',
  carrier: 'Din udbetaling',
  admin: 'Pris',
};

/**
 * The bids tab's table (spec section 2): carrier (linking to their public page, with stars, reviews, completed tasks
 * and badges when known), price as the server cut it for the viewer, status, actions.
 */
export function BidsTable({ bids, viewer, renderActions, caption = 'Bud på opgaven', carriers }: BidsTableProps) {
  const columns: DataTableColumn<BidView>[] = [
    {
      key: 'carrier',
      header: 'Vognmand',
      rowHeader: true,
      className: 'fb-bids-table__carrier',
      cell: (bid) => (
        <>
          <CarrierSummaryCell carrierId={bid.carrier_id} name={bid.carrier_name} summary={carriers?.get(bid.carrier_id)} />
          {bid.view === 'admin' && bid.carrier_list_name && <span className="fb-bid-price__note">Liste {bid.carrier_list_name}</span>}
        </>
      ),
    },
    { key: 'price', header: PRICE_HEADINGS[viewer], cell: (bid) => <BidPrice bid={bid} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (bid) => {
        const note = bidSlotNote(bid);
        return (
          <>
            <BidStatusBadge status={bid.status} />
            {note && <span className="fb-bid-price__note">{note}</span>}
          </>
        );
      },
    },
    { key: 'validUntil', header: 'Gyldig til', cell: (bid) => formatDateTime(bid.valid_until) },
    { key: 'actions', header: 'Handlinger', className: 'fb-bids-table__actions', cell: (bid) => renderActions?.(bid) },
  ];
  return <DataTable caption={caption} columns={columns} rows={bids} rowKey={(bid) => bid.id} className="fb-bids-table" cardsOnPhone />;
}
