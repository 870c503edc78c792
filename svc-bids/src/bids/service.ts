import {
  bidValidUntil,
  eventTypes,
  isTaskEditable,
  maxBidValidityDays,
  maxBidsInForce,
  messages,
  type AuthUser,
  type BidListQuery,
  type BidValidity,
  type BidView,
  type BidsPage,
  type EventEnvelope,
  type EventPayload,
  type InternalBid,
  type InternalBidRound,
  type InternalQuoteResponse,
  type PlaceBidBody,
  type PlatformSettingsOre,
  type TaskBidding,
  type UpdateBidBody,
} from '@fragtbud/contracts';
import { AppError, causedBy, domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { BidsContext, EventMeta } from '../context';
import { findProjection, lockProjection, setBidCount, setStatus, takeBidSlots, type TaskProjectionRow } from '../task-projection/repo';
import { findPricing } from '../pricing/repo';
import { quoteBid } from '../pricing/service';
import { ensureProjected, maxBidsFor, taskNotFound } from '../task-projection/service';
import { bidJsonFor, internalBidJson, viewerOf } from './bid-json';
import { bidEvents, type TaskNaming } from './events';
import {
  countActiveBids,
  countBidsAtChoice,
  findAcceptedBid,
  findBid,
  findPlacementFacts,
  insertNewBids,
  listBids,
  listSlotHolders,
  markAccepted,
  markRejected,
  rejectOtherPendingBids,
  updateSnapshot,
  type BidListFilter,
  type BidRow,
  type BidSnapshot,
  type NewBid,
  type PlacementFacts,
} from './repo';
import { bidLimitReached, type TurnOutcome } from './slot-turns';

const bidNotFound = () => domainError('bid_not_found');
const forbidden = () => domainError('forbidden');
const biddingClosed = () => domainError('bidding_closed');
const alreadyBid = () => domainError('already_bid');
const bidNotPending = () => domainError('bid_not_pending');

const dayMs = 24 * 3600 * 1000;

// ---- who may do what ----

/** Only an approved carrier who is not blocked bids (spec section 5). */
function requireBidder(caller: AuthUser): void {
  if (caller.role !== 'carrier') throw domainError('not_carrier');
  if (caller.blocked) throw domainError('account_blocked');
  if (!caller.approved) throw domainError('carrier_not_approved');
}

/** The task's owner or an admin chooses and rejects bids; a blocked account does nothing. */
function requireDecider(caller: AuthUser, bid: BidRow): void {
  if (caller.role === 'carrier') throw forbidden();
  if (caller.role !== 'admin' && (bid.customer_id === null || bid.customer_id !== caller.id)) throw forbidden();
  if (caller.blocked) throw domainError('account_blocked');
}

// ---- validity and snapshot ----

/** The end of a bid's validity: as given, or N days (default 14) at a time slot (default 20:00) Copenhagen time. */
export function validUntilOf(validity: BidValidity | undefined, now: Date): Date {
  const until = validity && 'until' in validity ? validity.until : bidValidUntil(now, validity?.days, validity?.time);
  if (until.getTime() <= now.getTime()) throw domainError('invalid_valid_until', { details: [{ path: 'valid_until', message: messages.bidValidUntilPast }] });
  if (until.getTime() > now.getTime() + maxBidValidityDays * dayMs) {
    throw domainError('invalid_valid_until', { variant: 'tooFar', details: [{ path: 'valid_until', message: messages.bidValidUntilTooFar }] });
  }
  return until;
}

function snapshotOf(quoted: InternalQuoteResponse, validUntil: Date): BidSnapshot {
  const { quote, carrierList, carrierFee, settings } = quoted;
  return {
    valid_until: validUntil,
    net_ore: quote.netOre,
    platform_fee_ore: quote.platformFeeOre,
    small_fee_ore: quote.smallFeeOre,
    subtotal_before_vat_ore: quote.subtotalBeforeVatOre,
    vat_ore: quote.vatOre,
    total_ore: quote.totalOre,
    carrier_fee_ore: quote.carrierFeeOre,
    payout_net_ore: quote.payoutNetOre,
    payout_gross_ore: quote.payoutGrossOre,
    carrier_list_id: carrierList?.id ?? null,
    carrier_list_name: carrierList?.name ?? null,
    carrier_fee_percentage: carrierFee.feePercentage,
    carrier_fixed_fee_ore: carrierFee.fixedFeeOre,
    platform_fee_percentage: settings.feePercentage,
    platform_fixed_fee_ore: settings.fixedFeeOre,
    vat_percentage: settings.vatPercentage,
    platform_min_fee_ore: settings.minFeeOre,
    quoted_at: new Date(quoted.quotedAt),
  };
}

// ---- place ----

/**
 * POST /bids. What is already decided is refused first, from one read and without a lock or a quote: a closed task,
 * a second bid of the carrier, a task whose slots are all held. Then the bid is priced here (projected fees, no
 * network call once the carrier is known) and queued for its task's next slot turn (see slot-turns.ts): the bids
 * of this process on one task are placed together, one short transaction per turn, so a race of 50 carriers is a
 * handful of transactions and the bids beyond the last slot are told by the transaction that filled it.
 */
export async function placeBid(context: BidsContext, caller: AuthUser, body: PlaceBidBody, meta: EventMeta): Promise<BidView> {
  requireBidder(caller);
  const now = context.now();
  const validUntil = validUntilOf(body.validity, now);
  const facts = await placementFactsOf(context, body.taskId, caller.id, now, meta.correlationId);
  const { task } = facts;
  if (facts.carrierHasBid) throw alreadyBid();
  // An accepted bid closes the round even if a late status event reopened the projected task.
  if (task.status !== 'open_for_bids' || facts.bidAccepted) throw biddingClosed();
  const maxBidsUnder = (settings: PlatformSettingsOre) =>
    maxBidsInForce({ task: task.max_bids, type: facts.typeMaxBids, platform: settings.maxBids }).maxBids;
  if (facts.settings && slotsAllHeld(facts, maxBidsUnder(facts.settings))) throw bidLimitReached();

  const quoted = await quoteBid(context, body.netOre, caller.id, facts, meta.correlationId);
  const maxBids = maxBidsUnder(quoted.settings);
  const bid: NewBid = {
    task_id: task.task_id,
    carrier_id: caller.id,
    carrier_name: caller.name,
    customer_id: task.user_id,
    max_bids: maxBids,
    ...snapshotOf(quoted, validUntil),
  };
  return bidJsonFor('carrier', await context.slotTurns(task.task_id, maxBids, { bid, task, meta, now }));
}

/**
 * A priced bid waiting for its slot turn, with the task as the bid found it projected (what its event names the task
 * by), its request's event meta and the time it was placed.
 */
export interface QueuedBid {
  bid: NewBid;
  task: TaskNaming;
  meta: EventMeta;
  now: Date;
}

/**
 * One slot turn: the bids queued on a task, decided in one transaction. Usually the count leaves room for all of them
 * and one statement takes their slots (locking the task's row). Otherwise the row is locked and looked at: the bids
 * really holding a slot are counted (the count may still include bids since rejected or lapsed), an accepted bid
 * closes the round, and the bids take the free slots in the order they came. The unique constraint has the last word
 * on one bid per carrier: a bid it turns away is told so and its slot goes to the next in line (or back). The placed
 * bids' events are written with one statement, each carrying its place.
 */
export async function placeQueuedBids(
  context: Pick<BidsContext, 'db' | 'outbox' | 'now'>,
  taskId: number,
  maxBids: number,
  queued: QueuedBid[],
): Promise<TurnOutcome<BidRow>[]> {
  const events = bidEvents(context.outbox);
  return context.db.transaction(async (trx) => {
    const counted = await countedSlots(trx, taskId, maxBids, queued.length, context.now());
    if ('refused' in counted) return queued.map(() => ({ refused: counted.refused }));
    const { held, count } = counted;
    const outcomes: TurnOutcome<BidRow>[] = queued.map(() => ({ refused: bidLimitReached() }));
    const placed: { row: BidRow; task: TaskNaming; meta: EventMeta }[] = [];
    for (let next = 0; next < queued.length && held + placed.length < maxBids; ) {
      const taking = queued.slice(next, next + maxBids - held - placed.length);
      const inserted = await insertNewBids(trx, taking);
      taking.forEach(({ bid, task, meta }, i) => {
        const row = inserted.find((candidate) => candidate.carrier_id === bid.carrier_id && !placed.some((done) => done.row === candidate));
        outcomes[next + i] = row ? { placed: row } : { refused: alreadyBid() };
        if (row) placed.push({ row, task, meta });
      });
      next += taking.length;
    }
    if (held + placed.length !== count) await setBidCount(trx, taskId, held + placed.length);
    await events.placed(
      trx,
      placed.map(({ row, task, meta }, i) => ({ bid: row, task, round: { maxBids, activeBidCount: held + i + 1 }, meta })),
    );
    return outcomes;
  });
}

/**
 * The slots of the task a turn of `wanted` bids starts from, with the row locked: `held` before the turn, `count` as
 * the row says now (the one-statement way has already added `wanted`); or why every bid of the turn is refused.
 */
async function countedSlots(
  trx: Knex.Transaction,
  taskId: number,
  maxBids: number,
  wanted: number,
  now: Date,
): Promise<{ held: number; count: number } | { refused: AppError }> {
  const taken = await takeBidSlots(trx, taskId, maxBids, wanted);
  if (taken !== undefined) return { held: taken - wanted, count: taken };
  const task = await lockProjection(trx, taskId);
  if (!task || task.deleted) return { refused: taskNotFound() };
  if (task.status !== 'open_for_bids' || (await findAcceptedBid(trx, taskId))) return { refused: biddingClosed() };
  return { held: await countActiveBids(trx, taskId, now), count: task.bid_count };
}

/** The facts of a bid on the task, the task fetched from svc-tasks first when it is not (or no longer) projected right. */
async function placementFactsOf(context: BidsContext, taskId: number, carrierId: number, now: Date, requestId: string | undefined) {
  let facts = await findPlacementFacts(context.db, taskId, carrierId, now);
  if (!facts || facts.task.needs_refresh) {
    await ensureProjected(context, taskId, requestId);
    facts = await findPlacementFacts(context.db, taskId, carrierId, now);
  }
  if (!facts || facts.task.deleted) throw taskNotFound();
  return facts;
}

/** Full by the count and by the bids that really hold a slot (the count may still include rejected or lapsed ones). */
function slotsAllHeld(facts: PlacementFacts, maxBids: number): boolean {
  return facts.task.bid_count >= maxBids && facts.activeBidCount >= maxBids;
}

// ---- update ----

/** PUT /bids/{id}: the bid's carrier, while it is pending and the task open; priced again under today's fees (here, as placing is). */
export async function changeBid(context: BidsContext, caller: AuthUser, bidId: number, body: UpdateBidBody, meta: EventMeta): Promise<BidView> {
  requireBidder(caller);
  const current = await findBid(context.db, bidId);
  if (!current) throw bidNotFound();
  if (current.carrier_id !== caller.id) throw forbidden();
  if (current.status !== 'pending') throw bidNotPending();
  const now = context.now();
  const validUntil = body.validity ? validUntilOf(body.validity, now) : current.valid_until;
  if (!body.validity && validUntil.getTime() <= now.getTime()) {
    throw domainError('invalid_valid_until', { details: [{ path: 'valid_until', message: messages.bidValidUntilPast }] });
  }
  const known = await findPricing(context.db, caller.id);
  const quoted = await quoteBid(context, body.netOre ?? current.net_ore, caller.id, known, meta.correlationId);
  const events = bidEvents(context.outbox);

  const bid = await context.db.transaction(async (trx) => {
    const task = await lockProjection(trx, current.task_id);
    const locked = await findBid(trx, bidId);
    if (!locked) throw bidNotFound();
    if (locked.status !== 'pending') throw bidNotPending();
    if (!task || task.deleted || task.status !== 'open_for_bids') throw biddingClosed();
    const updated = await updateSnapshot(trx, bidId, snapshotOf(quoted, validUntil), now);
    await events.updated(trx, updated, meta);
    return updated;
  });
  return bidJsonFor('carrier', bid);
}

// ---- accept and reject ----

/**
 * POST /bids/{id}/accept (and POST /tasks/{id}/assign). With the task's row locked: the bid accepted, every other
 * pending bid rejected, the task assigned here at once (svc-tasks follows from the event). Accepting the accepted
 * bid again answers the same; another bid once one is accepted is refused. With `totalOre` (the gross total the
 * customer was shown) a bid whose total has changed since is refused with 409 `bid_changed`.
 */
export async function acceptBid(
  context: BidsContext,
  caller: AuthUser,
  bidId: number,
  meta: EventMeta,
  expected: { taskId?: number; carrierId?: number; totalOre?: number } = {},
): Promise<BidView> {
  const current = await findBid(context.db, bidId);
  if (!current || (expected.taskId !== undefined && current.task_id !== expected.taskId)) throw bidNotFound();
  requireDecider(caller, current);
  if (expected.carrierId !== undefined && expected.carrierId !== current.carrier_id) {
    throw domainError('bid_carrier_mismatch', { details: [{ path: 'carrier_id', message: messages.bidCarrierMismatch }] });
  }
  const now = context.now();
  const events = bidEvents(context.outbox);

  const bid = await context.db.transaction(async (trx) => {
    const task = await lockProjection(trx, current.task_id);
    const locked = await findBid(trx, bidId);
    if (!locked) throw bidNotFound();
    if (locked.status === 'accepted') return locked;
    if (await findAcceptedBid(trx, locked.task_id)) throw domainError('other_bid_accepted');
    if (locked.status !== 'pending') throw bidNotPending();
    if (!task || task.deleted || task.status !== 'open_for_bids') {
      throw domainError('task_not_open');
    }
    if (locked.valid_until.getTime() <= now.getTime()) throw domainError('bid_expired');
    // Checked under the task's lock, which a price change takes too: what the customer saw is what they accept.
    if (expected.totalOre !== undefined && locked.total_ore !== expected.totalOre) {
      throw domainError('bid_changed');
    }

    const accepted = await markAccepted(trx, bidId, caller.id, now);
    const others = await rejectOtherPendingBids(trx, locked.task_id, bidId, now);
    await setStatus(trx, locked.task_id, 'assigned', accepted.carrier_id, now);
    const event = await events.accepted(trx, accepted, task, caller.id, others, meta);
    for (const other of others) await events.rejected(trx, other, 'other_bid_accepted', null, causedBy(event));
    return accepted;
  });
  return bidJsonFor(viewerOf(caller, bid), bid);
}

/** POST /bids/{id}/reject: the task's owner or an admin, a pending bid (again: the same answer). Its slot frees up. */
export async function rejectBid(context: BidsContext, caller: AuthUser, bidId: number, meta: EventMeta): Promise<BidView> {
  const current = await findBid(context.db, bidId);
  if (!current) throw bidNotFound();
  requireDecider(caller, current);
  const now = context.now();
  const events = bidEvents(context.outbox);

  const bid = await context.db.transaction(async (trx) => {
    await lockProjection(trx, current.task_id);
    const locked = await findBid(trx, bidId);
    if (!locked) throw bidNotFound();
    if (locked.status === 'rejected') return locked;
    if (locked.status !== 'pending') throw bidNotPending();
    const rejected = await markRejected(trx, bidId, 'rejected', caller.id, now);
    await events.rejected(trx, rejected, 'rejected', caller.id, meta);
    return rejected;
  });
  return bidJsonFor(viewerOf(caller, bid), bid);
}

/**
 * A task moved back from assigned (or later) to before acceptance — an admin reopened it: its accepted bid no longer
 * holds. Only an acceptance made before the change is withdrawn (an event that was merely late changes nothing).
 */
export async function withdrawAcceptanceOnReopen(
  context: Pick<BidsContext, 'outbox' | 'now'>,
  trx: Knex.Transaction,
  event: EventEnvelope<EventPayload<typeof eventTypes.taskStatusChanged>>,
): Promise<void> {
  const { from, to, taskId } = event.data;
  if (isTaskEditable(from) || !isTaskEditable(to)) return;
  const accepted = await findAcceptedBid(trx, taskId);
  if (!accepted?.accepted_at || accepted.accepted_at.getTime() > new Date(event.occurredAt).getTime()) return;
  const rejected = await markRejected(trx, accepted.id, 'task_reopened', null, context.now());
  await bidEvents(context.outbox).rejected(trx, rejected, 'task_reopened', null, causedBy(event));
}

// ---- read ----

/** GET /bids/{id}: an admin, the bid's carrier, or the task's owner — who, once a bid is chosen, sees only that one. */
export async function getBid(context: BidsContext, caller: AuthUser, bidId: number): Promise<BidView> {
  const bid = await findBid(context.db, bidId);
  if (!bid) throw bidNotFound();
  const viewer = viewerOf(caller, bid);
  if (viewer === 'customer') {
    if (bid.customer_id === null || bid.customer_id !== caller.id || caller.role === 'carrier') throw forbidden();
    if (bid.status !== 'accepted' && (await findAcceptedBid(context.db, bid.task_id))) throw bidNotFound();
  }
  return bidJsonFor(viewer, bid);
}

/**
 * GET /bids and GET /tasks/{id}/bids, cut per caller: an admin sees every bid; a carrier only their own; a task owner
 * the bids on their tasks (only the accepted one once chosen). A list of one task also tells its bidding round.
 */
export async function findBids(context: BidsContext, caller: AuthUser, query: BidListQuery, requestId?: string): Promise<BidsPage> {
  const filter: BidListFilter = {};
  if (query.status) filter.status = query.status;
  if (query.carrierId !== undefined) filter.carrierId = query.carrierId;
  if (query.taskIds !== undefined) filter.taskIds = query.taskIds;
  let task: TaskProjectionRow | undefined;
  if (query.taskId !== undefined) {
    filter.taskId = query.taskId;
    task = await ensureProjected(context, query.taskId, requestId);
  }

  if (caller.role === 'carrier') {
    if (query.carrierId !== undefined && query.carrierId !== caller.id) throw forbidden();
    filter.carrierId = caller.id;
  } else if (caller.role === 'customer') {
    if (task && task.user_id !== caller.id) throw forbidden();
    filter.ownerId = caller.id;
  }

  const { rows, total } = await listBids(context.db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit });
  const page: BidsPage = { items: rows.map((row) => bidJsonFor(viewerOf(caller, row), row)), total, page: query.page, limit: query.limit };
  if (task) page.bidding = await biddingOf(context, task);
  return page;
}

/**
 * GET /tasks/{id}/bids?access=: when svc-tasks confirms the guest's link token, the task's bids as its owner sees them
 * (gross totals; only the accepted one once chosen), read-only. Null for a caller whose own list this is (the owner once
 * the task is claimed, an admin, a carrier: their own cut) or a signed-in customer with a wrong token: their session
 * decides. Without a session a wrong token is 401, nothing listed.
 */
export async function findBidsByGuestLink(
  context: BidsContext,
  caller: AuthUser | null,
  taskId: number,
  token: string,
  query: BidListQuery,
  requestId?: string,
): Promise<BidsPage | null> {
  if (caller && caller.role !== 'customer') return null;
  const task = await ensureProjected(context, taskId, requestId);
  if (caller && task.user_id === caller.id) return null;
  if (!(await context.tasks.opensTask(taskId, token, requestId))) {
    if (caller) return null;
    throw domainError('unauthorized');
  }
  const filter: BidListFilter = { taskId, guestOwnerView: true };
  if (query.status) filter.status = query.status;
  const { rows, total } = await listBids(context.db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit });
  return {
    items: rows.map((row) => bidJsonFor('customer', row)),
    total,
    page: query.page,
    limit: query.limit,
    bidding: await biddingOf(context, task),
  };
}

/** The bidding round of a task: bids holding a slot (once one is chosen: those that held one then), the limit in force, and whether bidding is open. */
async function biddingOf(context: BidsContext, task: TaskProjectionRow): Promise<TaskBidding> {
  const [{ maxBids }, accepted] = await Promise.all([maxBidsFor(context.db, task), findAcceptedBid(context.db, task.task_id)]);
  const bidCount = accepted ? await countBidsAtChoice(context.db, task.task_id) : await countActiveBids(context.db, task.task_id, context.now());
  return {
    task_id: task.task_id,
    status: task.status,
    bid_count: bidCount,
    max_bids: maxBids,
    bidding_open: task.status === 'open_for_bids' && !task.deleted && !accepted && bidCount < maxBids,
  };
}

// ---- for other services ----

export async function getInternalBid(context: BidsContext, bidId: number): Promise<InternalBid> {
  const bid = await findBid(context.db, bidId);
  if (!bid) throw bidNotFound();
  return internalBidJson(bid);
}

/** GET /internal/tasks/{id}/bid-round: the round as it stands now (svc-chat's lock rules decide by it). */
export async function getBidRound(context: BidsContext, taskId: number): Promise<InternalBidRound> {
  const now = context.now();
  const task = await findProjection(context.db, taskId);
  const holders = await listSlotHolders(context.db, taskId, now);
  const limit = task ? (await maxBidsFor(context.db, task)).maxBids : null;
  return {
    taskId,
    acceptedCarrierId: holders.find((holder) => holder.status === 'accepted')?.carrier_id ?? null,
    bidderIds: holders.map((holder) => holder.carrier_id),
    atBidLimit: limit !== null && holders.length >= limit,
  };
}

export async function getAcceptedBidOfTask(context: BidsContext, taskId: number): Promise<InternalBid> {
  const bid = await findAcceptedBid(context.db, taskId);
  if (!bid) throw bidNotFound();
  return internalBidJson(bid);
}

