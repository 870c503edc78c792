import { oreToDkk, quoteViewFor, type AuthUser, type BidView, type InternalBid, type Quote } from '@fragtbud/contracts';
import type { BidRow } from './repo';

/** Whose eyes a bid is shown to: an admin, the bid's own carrier, or the task's owner (the customer). */
export type BidViewer = 'admin' | 'carrier' | 'customer';

/** Callers reaching this are already allowed to see the bid; the view follows from who they are to it. */
export function viewerOf(caller: AuthUser, bid: Pick<BidRow, 'carrier_id'>): BidViewer {
  if (caller.role === 'admin') return 'admin';
  if (caller.role === 'carrier' && caller.id === bid.carrier_id) return 'carrier';
  return 'customer';
}

export function quoteOf(row: BidRow): Quote {
  return {
    netOre: row.net_ore,
    platformFeeOre: row.platform_fee_ore,
    smallFeeOre: row.small_fee_ore,
    subtotalBeforeVatOre: row.subtotal_before_vat_ore,
    vatOre: row.vat_ore,
    totalOre: row.total_ore,
    carrierFeeOre: row.carrier_fee_ore,
    payoutNetOre: row.payout_net_ore,
    payoutGrossOre: row.payout_gross_ore,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The bid cut for its viewer here, on the server: the customer's view carries no net, fee or payout at all. */
export function bidJsonFor(viewer: BidViewer, row: BidRow): BidView {
  const common = {
    id: row.id,
    task_id: row.task_id,
    carrier_id: row.carrier_id,
    carrier_name: row.carrier_name,
    status: row.status,
    valid_until: row.valid_until.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    accepted_at: iso(row.accepted_at),
    rejected_at: iso(row.rejected_at),
  };
  const quote = quoteOf(row);
  switch (viewer) {
    case 'customer': {
      const view = quoteViewFor('customer', quote);
      if (view.view !== 'customer') throw new Error('customer quote view expected');
      return { view: 'customer', ...common, quote: view };
    }
    case 'carrier': {
      const view = quoteViewFor('carrier', quote);
      if (view.view !== 'carrier') throw new Error('carrier quote view expected');
      return {
        view: 'carrier',
        ...common,
        price: oreToDkk(row.net_ore),
        carrier_list_id: row.carrier_list_id,
        carrier_fee_percentage: row.carrier_fee_percentage,
        carrier_fixed_fee: oreToDkk(row.carrier_fixed_fee_ore),
        quote: view,
      };
    }
    case 'admin': {
      const view = quoteViewFor('admin', quote);
      if (view.view !== 'admin') throw new Error('admin quote view expected');
      return {
        view: 'admin',
        ...common,
        customer_id: row.customer_id,
        price: oreToDkk(row.net_ore),
        carrier_list_id: row.carrier_list_id,
        carrier_list_name: row.carrier_list_name,
        carrier_fee_percentage: row.carrier_fee_percentage,
        carrier_fixed_fee: oreToDkk(row.carrier_fixed_fee_ore),
        platform_settings: {
          fee_percentage: row.platform_fee_percentage,
          fixed_fee: oreToDkk(row.platform_fixed_fee_ore),
          vat_percentage: row.vat_percentage,
          min_fee: oreToDkk(row.platform_min_fee_ore),
        },
        max_bids: row.max_bids,
        quoted_at: row.quoted_at.toISOString(),
        rejection_reason: row.rejection_reason,
        quote: view,
      };
    }
  }
}

/** For other services (svc-payments): the whole snapshot in øre. */
export function internalBidJson(row: BidRow): InternalBid {
  return {
    id: row.id,
    taskId: row.task_id,
    carrierId: row.carrier_id,
    carrierName: row.carrier_name,
    customerId: row.customer_id,
    status: row.status,
    netOre: row.net_ore,
    validUntil: row.valid_until.toISOString(),
    acceptedAt: iso(row.accepted_at),
    quote: quoteOf(row),
    carrierList: row.carrier_list_id === null ? null : { id: row.carrier_list_id, name: row.carrier_list_name ?? '' },
    carrierFee: { feePercentage: row.carrier_fee_percentage, fixedFeeOre: row.carrier_fixed_fee_ore },
    settings: {
      feePercentage: row.platform_fee_percentage,
      fixedFeeOre: row.platform_fixed_fee_ore,
      vatPercentage: row.vat_percentage,
      minFeeOre: row.platform_min_fee_ore,
    },
    maxBids: row.max_bids,
    quotedAt: row.quoted_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
