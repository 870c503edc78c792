import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { assignOnAcceptance, projectBid } from './service';

/**
 * svc-tasks' consumers of svc-bids' events. They replace `bidPlacedConsumer` (durable `task-bidders`): this one keeps
 * the same table (task_bidders) and also follows updates and rejections.
 *  - `bid-projection`: every bid event → task_bids, task_bidders, bid_count, lowest_bid_ore (gross), bid_limit.
 *  - `bid-acceptance`: bids.bid.accepted → the task assigned to the bid's carrier (tasks.task.status_changed).
 */
export function bidProjectionConsumers(context: Pick<TasksContext, 'outbox' | 'logger'>): ConsumerDefinition[] {
  return [
    consume({
      durable: 'bid-projection',
      subjects: [eventTypes.bidPlaced, eventTypes.bidUpdated, eventTypes.bidAccepted, eventTypes.bidRejected],
      handle: (event, trx) => projectBid(trx, event as Parameters<typeof projectBid>[1], context.logger),
    }),
    consume<EventPayload<typeof eventTypes.bidAccepted>>({
      durable: 'bid-acceptance',
      subjects: [eventTypes.bidAccepted],
      handle: (event, trx) => assignOnAcceptance(trx, event, context),
    }),
  ];
}
