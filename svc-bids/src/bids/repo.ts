import type { Knex } from 'knex';
import type { BidRejectionReason, BidStatus, PlatformSettingsOre } from '@fragtbud/contracts';
import type { Db } from '../context';
import { carrierFeeOf, settingsOf, type CarrierFeeRow, type ProjectedCarrierFee, type SettingsRow } from '../pricing/repo';
import type { TaskProjectionRow } from '../task-projection/repo';

export interface BidRow {
  id: number;
  task_id: number;
  carrier_id: number;
  carrier_name: string;
  customer_id: number | null;
  status: BidStatus;
  valid_until: Date;
  net_ore: number;
  platform_fee_ore: number;
  small_fee_ore: number;
  subtotal_before_vat_ore: number;
  vat_ore: number;
  total_ore: number;
  carrier_fee_ore: number;
  payout_net_ore: number;
  payout_gross_ore: number;
  carrier_list_id: number | null;
  carrier_list_name: string | null;
  carrier_fee_percentage: number;
  carrier_fixed_fee_ore: number;
  platform_fee_percentage: number;
  platform_fixed_fee_ore: number;
  vat_percentage: number;
  platform_min_fee_ore: number;
  max_bids: number;
  quoted_at: Date;
  rejection_reason: BidRejectionReason | null;
  decided_by: number | null;
  accepted_at: Date | null;
  rejected_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The quote snapshot columns: the price, its quote, the carrier's fee and the platform's settings in force. */
export type BidSnapshot = Pick<
  BidRow,
  | 'valid_until'
  | 'net_ore'
  | 'platform_fee_ore'
  | 'small_fee_ore'
  | 'subtotal_before_vat_ore'
  | 'vat_ore'
  | 'total_ore'
  | 'carrier_fee_ore'
  | 'payout_net_ore'
  | 'payout_gross_ore'
  | 'carrier_list_id'
  | 'carrier_list_name'
  | 'carrier_fee_percentage'
  | 'carrier_fixed_fee_ore'
  | 'platform_fee_percentage'
  | 'platform_fixed_fee_ore'
  | 'vat_percentage'
  | 'platform_min_fee_ore'
  | 'quoted_at'
>;

export type NewBid = BidSnapshot & Pick<BidRow, 'task_id' | 'carrier_id' | 'carrier_name' | 'customer_id' | 'max_bids'>;

/**
 * Inserts the bids in one statement, each stamped with the time it was placed; returns the rows stored. A bid whose
 * carrier already has one on the task is left out (the unique constraint bids_task_carrier_unique decides, so a
 * concurrent bid of the same carrier through another process counts too).
 */
export async function insertNewBids(db: Db, bids: { bid: NewBid; now: Date }[]): Promise<BidRow[]> {
  if (bids.length === 0) return [];
  return (await db('bids')
    .insert(bids.map(({ bid, now }) => ({ ...bid, status: 'pending', created_at: now, updated_at: now })))
    .onConflict(['task_id', 'carrier_id'])
    .ignore()
    .returning('*')) as BidRow[];
}

export async function findBid(db: Db, id: number): Promise<BidRow | undefined> {
  return db('bids').where({ id }).first();
}

export async function findAcceptedBid(db: Db, taskId: number): Promise<BidRow | undefined> {
  return db('bids').where({ task_id: taskId, status: 'accepted' }).first();
}

/**
 * Bids holding a slot of the task's limit at `now`: accepted ones and pending ones still valid. An expired pending
 * bid can no longer be accepted, so it stops holding a slot (checked at read time; no sweeper needed).
 */
const holdingSlot = "(bids.status = 'accepted' or (bids.status = 'pending' and bids.valid_until > ?))";

export async function countActiveBids(db: Db, taskId: number, now: Date): Promise<number> {
  const row = (await db('bids').where({ task_id: taskId }).andWhereRaw(holdingSlot, [now]).count({ count: '*' }).first()) as
    | { count: number | string }
    | undefined;
  return Number(row?.count ?? 0);
}

/**
 * The bids the round counts once a bid is chosen: those that held a slot when the choice was made — the chosen one and
 * the pending bids, still valid then, that lost to it. The count ('Antal bud 2/5') stays what it was before the choice.
 */
export async function countBidsAtChoice(db: Db, taskId: number): Promise<number> {
  const row = (await db('bids')
    .where({ task_id: taskId })
    .andWhere((where) =>
      where
        .where({ status: 'accepted' })
        .orWhere((lost) => lost.where({ status: 'rejected', rejection_reason: 'other_bid_accepted' }).andWhereRaw('bids.valid_until > bids.rejected_at')),
    )
    .count({ count: '*' })
    .first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}

/** The carriers whose bids hold a slot of the task at `now`, and whether each is the accepted one. */
export async function listSlotHolders(db: Db, taskId: number, now: Date): Promise<Array<{ carrier_id: number; status: string }>> {
  return db('bids').select('carrier_id', 'status').where({ task_id: taskId }).andWhereRaw(holdingSlot, [now]).orderBy('id');
}

/** Everything deciding a carrier's bid on a task depends on, as this service's projections hold it. */
export interface PlacementFacts {
  task: TaskProjectionRow;
  /** The limit of the task's type, if it has one. */
  typeMaxBids: number | null;
  carrierHasBid: boolean;
  bidAccepted: boolean;
  activeBidCount: number;
  /** svc-ledger's settings and the carrier's list fee (see carrierFeeOf); undefined = not known here yet (ask svc-ledger). */
  settings: PlatformSettingsOre | undefined;
  carrierFee: ProjectedCarrierFee | undefined;
}

interface PlacementRow extends TaskProjectionRow {
  type_max_bids: number | null;
  carrier_has_bid: boolean;
  bid_accepted: boolean;
  active_bid_count: number | string;
  settings: SettingsRow | null;
  carrier_fee: CarrierFeeRow | null;
}

/**
 * The facts of placing a bid in one round trip (a bid race runs this 50 times at once): the projected task, its
 * type's limit, this carrier's bid, an accepted bid, the bids holding a slot, and the pricing projection.
 * Undefined when the task is not projected.
 */
export async function findPlacementFacts(db: Db, taskId: number, carrierId: number, now: Date): Promise<PlacementFacts | undefined> {
  const { rows } = (await db.raw(placementFactsSql, [carrierId, now, carrierId, taskId])) as { rows: PlacementRow[] };
  const row = rows[0];
  if (!row) return undefined;
  const { type_max_bids, carrier_has_bid, bid_accepted, active_bid_count, settings, carrier_fee, ...task } = row;
  return {
    task,
    typeMaxBids: type_max_bids,
    carrierHasBid: carrier_has_bid,
    bidAccepted: bid_accepted,
    activeBidCount: Number(active_bid_count),
    settings: settings ? settingsOf(settings) : undefined,
    carrierFee: carrierFeeOf(carrier_fee, settings),
  };
}

// Written out rather than built: knex took ≈ 40 µs of CPU to compose it (≈ 5 µs to pass it on written out), and a
// race runs it 50 times at once. Bindings: carrier, now, carrier, task.
const placementFactsSql = `
  select task.*,
    type_limit.max_bids as type_max_bids,
    exists (select 1 from bids where bids.task_id = task.task_id and bids.carrier_id = ?) as carrier_has_bid,
    exists (select 1 from bids where bids.task_id = task.task_id and bids.status = 'accepted') as bid_accepted,
    (select count(*) from bids where bids.task_id = task.task_id and ${holdingSlot}) as active_bid_count,
    to_jsonb(settings) as settings,
    to_jsonb(carrier_fee) as carrier_fee
  from task_projection as task
  left join task_type_limits as type_limit on type_limit.type = task.type
  left join pricing_settings as settings on settings.id = 1
  left join carrier_fees as carrier_fee on carrier_fee.carrier_id = ?
  where task.task_id = ?`;

export async function updateSnapshot(db: Db, id: number, snapshot: BidSnapshot, now: Date): Promise<BidRow> {
  return mustUpdate(db, id, { ...snapshot, updated_at: now });
}

export async function markAccepted(db: Db, id: number, decidedBy: number, now: Date): Promise<BidRow> {
  return mustUpdate(db, id, { status: 'accepted', decided_by: decidedBy, accepted_at: now, updated_at: now });
}

export async function markRejected(
  db: Db,
  id: number,
  reason: BidRejectionReason,
  decidedBy: number | null,
  now: Date,
): Promise<BidRow> {
  return mustUpdate(db, id, { status: 'rejected', rejection_reason: reason, decided_by: decidedBy, rejected_at: now, updated_at: now });
}

/** Rejects every pending bid of the task but one (another was chosen); returns the rejected bids. */
export async function rejectOtherPendingBids(db: Db, taskId: number, keptBidId: number, now: Date): Promise<BidRow[]> {
  return (await db('bids')
    .where({ task_id: taskId, status: 'pending' })
    .whereNot({ id: keptBidId })
    .update({ status: 'rejected', rejection_reason: 'other_bid_accepted', decided_by: null, rejected_at: now, updated_at: now })
    .returning('*')) as BidRow[];
}

/** Rejects every pending bid of the carrier (its account was deleted or blocked); returns the rejected bids. */
export async function rejectPendingBidsOfCarrier(db: Db, carrierId: number, now: Date): Promise<BidRow[]> {
  return (await db('bids')
    .where({ carrier_id: carrierId, status: 'pending' })
    .update({ status: 'rejected', rejection_reason: 'carrier_removed', decided_by: null, rejected_at: now, updated_at: now })
    .returning('*')) as BidRow[];
}

/** A deleted carrier's name leaves every bid it placed (what customers and admins read): 'Slettet bruger' instead. */
export async function eraseCarrierName(db: Db, carrierId: number, name: string): Promise<void> {
  await db('bids').where({ carrier_id: carrierId }).whereNot({ carrier_name: name }).update({ carrier_name: name });
}

async function mustUpdate(db: Db, id: number, values: Record<string, unknown>): Promise<BidRow> {
  const [row] = (await db('bids').where({ id }).update(values).returning('*')) as BidRow[];
  if (!row) throw new Error(`bid ${id} vanished inside its own transaction`);
  return row;
}

// ---- lists ----

export interface BidListFilter {
  taskId?: number;
  taskIds?: readonly number[];
  carrierId?: number;
  status?: BidStatus;
  /** A task owner's view: bids on their tasks, and of a task with an accepted bid only that one. */
  ownerId?: number;
  /** The owner's view of one task (`taskId`) opened by a guest's link: only the accepted bid once one is chosen. */
  guestOwnerView?: boolean;
}

function applyFilter(query: Knex.QueryBuilder, db: Db, filter: BidListFilter): Knex.QueryBuilder {
  if (filter.taskId !== undefined) query.where('bids.task_id', filter.taskId);
  if (filter.taskIds !== undefined) query.whereIn('bids.task_id', filter.taskIds);
  if (filter.carrierId !== undefined) query.where('bids.carrier_id', filter.carrierId);
  if (filter.status !== undefined) query.where('bids.status', filter.status);
  if (filter.ownerId !== undefined) query.where('bids.customer_id', filter.ownerId);
  if (filter.ownerId !== undefined || filter.guestOwnerView) {
    query.where((q) =>
      q
        .where('bids.status', 'accepted')
        .orWhereNotExists(
          db('bids as chosen').select(db.raw('1')).whereRaw('chosen.task_id = bids.task_id').andWhere('chosen.status', 'accepted'),
        ),
    );
  }
  return query;
}

/** One page, oldest first (the order they came in). */
export async function listBids(db: Db, filter: BidListFilter, page: { offset: number; limit: number }): Promise<{ rows: BidRow[]; total: number }> {
  const rows = (await applyFilter(db('bids').select('bids.*'), db, filter)
    .orderBy([
      { column: 'bids.created_at', order: 'asc' },
      { column: 'bids.id', order: 'asc' },
    ])
    .offset(page.offset)
    .limit(page.limit)) as BidRow[];
  const counted = (await applyFilter(db('bids'), db, filter).count({ count: '*' }).first()) as { count: number | string } | undefined;
  return { rows, total: Number(counted?.count ?? 0) };
}
