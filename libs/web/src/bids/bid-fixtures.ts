import {
  adminView,
  carrierView,
  customerView,
  defaultPlatformSettings,
  dkkToOre,
  quote,
  type AdminBid,
  type BidStatus,
  type CarrierBid,
  type CustomerBid,
  type TaskBidding,
} from '@fragtbud/contracts';

/*
 * Bids as GET /bids answers them to each role, priced with the real pricing function under the default settings
 * (net 1.000 DKK → the customer pays 1.400,00 DKK, the carrier is paid 1.125,00 DKK incl. VAT). For tests only.
 */

export interface BidFixture {
  id?: number;
  task_id?: number;
  carrier_id?: number;
  carrier_name?: string;
  customer_id?: number;
  status?: BidStatus;
  /** The carrier's net price in DKK. */
  net?: number;
  valid_until?: string;
}

let nextBidId = 500;

function common(fixture: BidFixture) {
  const status = fixture.status ?? 'pending';
  return {
    id: fixture.id ?? nextBidId++,
    task_id: fixture.task_id ?? 1,
    carrier_id: fixture.carrier_id ?? 3,
    carrier_name: fixture.carrier_name ?? 'Vognmand Hansen',
    status,
    // A week ahead of the day the test runs: a fixed date would turn every default bid 'Udløbet' once it has passed.
    valid_until: fixture.valid_until ?? new Date(Date.now() + 7 * 86_400_000).toISOString(),
    created_at: '2026-11-21T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    accepted_at: status === 'accepted' ? '2026-11-21T10:00:00.000Z' : null,
    rejected_at: status === 'rejected' ? '2026-11-21T10:00:00.000Z' : null,
  };
}

const priced = (net = 1000) => quote({ netOre: dkkToOre(net), settings: defaultPlatformSettings, carrierFee: null });

export function makeCustomerBid(fixture: BidFixture = {}): CustomerBid {
  return { view: 'customer', ...common(fixture), quote: customerView(priced(fixture.net)) };
}

export function makeCarrierBid(fixture: BidFixture = {}): CarrierBid {
  return {
    view: 'carrier',
    ...common(fixture),
    price: fixture.net ?? 1000,
    carrier_list_id: null,
    carrier_fee_percentage: 10,
    carrier_fixed_fee: 0,
    quote: carrierView(priced(fixture.net)),
  };
}

export function makeAdminBid(fixture: BidFixture = {}): AdminBid {
  const base = common(fixture);
  return {
    view: 'admin',
    ...base,
    customer_id: fixture.customer_id ?? 2,
    price: fixture.net ?? 1000,
    carrier_list_id: null,
    carrier_list_name: null,
    carrier_fee_percentage: 10,
    carrier_fixed_fee: 0,
    platform_settings: { fee_percentage: 10, fixed_fee: 20, vat_percentage: 25, min_fee: 30 },
    max_bids: 5,
    quoted_at: base.created_at,
    rejection_reason: base.status === 'rejected' ? 'rejected' : null,
    quote: adminView(priced(fixture.net)),
  };
}

export function makeBidding(overrides: Partial<TaskBidding> = {}): TaskBidding {
  const bidding = { task_id: 1, status: 'open_for_bids' as const, bid_count: 0, max_bids: 5, ...overrides };
  return { bidding_open: bidding.status === 'open_for_bids' && bidding.bid_count < bidding.max_bids, ...bidding };
}
