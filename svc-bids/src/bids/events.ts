import { eventTypes, type BidRejectionReason, type EventPayload } from '@fragtbud/contracts';
import type { Db, EventMeta, Outbox } from '../context';
import type { BidRow } from './repo';

const refOf = (bid: BidRow) => ({ bidId: bid.id, taskId: bid.task_id, carrierId: bid.carrier_id, customerId: bid.customer_id });

/** The bid events, each written in the transaction that made the change (the outbox publishes after commit). */
export function bidEvents(outbox: Outbox) {
  return {
    /** The bids one slot turn placed, in one statement; `round`: the limit and each bid's place under it. */
    placed: (trx: Db, placed: { bid: BidRow; round: { maxBids: number; activeBidCount: number }; meta: EventMeta }[]) =>
      outbox.addAll(
        trx,
        placed.map(({ bid, round, meta }) => ({
          type: eventTypes.bidPlaced,
          data: {
            ...refOf(bid),
            netOre: bid.net_ore,
            totalOre: bid.total_ore,
            validUntil: bid.valid_until.toISOString(),
            carrierListId: bid.carrier_list_id,
            ...round,
          } satisfies EventPayload<typeof eventTypes.bidPlaced>,
          meta,
        })),
      ),
    updated: (trx: Db, bid: BidRow, meta: EventMeta) =>
      outbox.add(
        trx,
        eventTypes.bidUpdated,
        {
          ...refOf(bid),
          netOre: bid.net_ore,
          totalOre: bid.total_ore,
          validUntil: bid.valid_until.toISOString(),
        } satisfies EventPayload<typeof eventTypes.bidUpdated>,
        meta,
      ),
    accepted: (trx: Db, bid: BidRow, acceptedBy: number, rejected: BidRow[], meta: EventMeta) =>
      outbox.add(
        trx,
        eventTypes.bidAccepted,
        {
          ...refOf(bid),
          netOre: bid.net_ore,
          totalOre: bid.total_ore,
          acceptedBy,
          rejectedBidIds: rejected.map((other) => other.id),
        } satisfies EventPayload<typeof eventTypes.bidAccepted>,
        meta,
      ),
    rejected: (trx: Db, bid: BidRow, reason: BidRejectionReason, rejectedBy: number | null, meta: EventMeta) =>
      outbox.add(
        trx,
        eventTypes.bidRejected,
        { ...refOf(bid), totalOre: bid.total_ore, reason, rejectedBy } satisfies EventPayload<typeof eventTypes.bidRejected>,
        meta,
      ),
  };
}
