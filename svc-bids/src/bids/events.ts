import { eventTypes, type BidRejectionReason, type EventPayload } from '@fragtbud/contracts';
import type { Db, EventMeta, Outbox } from '../context';
import type { TaskProjectionRow } from '../task-projection/repo';
import type { BidRow } from './repo';

const refOf = (bid: BidRow) => ({ bidId: bid.id, taskId: bid.task_id, carrierId: bid.carrier_id, customerId: bid.customer_id });

/** What a placed or accepted bid's event names its task by (taskNotificationTitle): the projected type and cities. */
export type TaskNaming = Pick<TaskProjectionRow, 'type' | 'from_city' | 'to_city'>;

/**
 * A city the projection does not hold is left out rather than sent as null: the task may have been fetched from
 * svc-tasks, which names none, and a null would win over the city a consumer was told by svc-tasks' own events.
 */
const namingOf = ({ type, from_city, to_city }: TaskNaming) => ({
  type,
  ...(from_city === null ? {} : { fromCity: from_city }),
  ...(to_city === null ? {} : { toCity: to_city }),
});

/** The bid events, each written in the transaction that made the change (the outbox publishes after commit). */
export function bidEvents(outbox: Outbox) {
  return {
    /** The bids one slot turn placed, in one statement; `round`: the limit and each bid's place under it. */
    placed: (
      trx: Db,
      placed: { bid: BidRow; task: TaskNaming; round: { maxBids: number; activeBidCount: number }; meta: EventMeta }[],
    ) =>
      outbox.addAll(
        trx,
        placed.map(({ bid, task, round, meta }) => ({
          type: eventTypes.bidPlaced,
          data: {
            ...refOf(bid),
            netOre: bid.net_ore,
            totalOre: bid.total_ore,
            validUntil: bid.valid_until.toISOString(),
            carrierListId: bid.carrier_list_id,
            ...round,
            ...namingOf(task),
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
    accepted: (trx: Db, bid: BidRow, task: TaskNaming, acceptedBy: number, rejected: BidRow[], meta: EventMeta) =>
      outbox.add(
        trx,
        eventTypes.bidAccepted,
        {
          ...refOf(bid),
          netOre: bid.net_ore,
          totalOre: bid.total_ore,
          acceptedBy,
          rejectedBidIds: rejected.map((other) => other.id),
          ...namingOf(task),
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
