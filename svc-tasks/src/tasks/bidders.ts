import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import { z } from 'zod';
import type { TasksContext } from '../context';
import { findTaskById, recordBidder } from './repo';

/**
 * What svc-tasks reads of `bids.bid.placed` (svc-bids owns the event; its schema is not in the contracts yet):
 * the task, the carrier and — when given — the amount in øre the browse price filter compares with.
 */
const bidPlacedSchema = z.object({
  taskId: z.number().int().positive(),
  carrierId: z.number().int().positive(),
  amountOre: z.number().int().min(0).optional(),
});

/** Keeps task_bidders, bid_count and lowest_bid_ore in step with the bids placed (available=true, "mine", price filter). */
export function bidPlacedConsumer(context: Pick<TasksContext, 'logger'>): ConsumerDefinition {
  return consume({
    durable: 'task-bidders',
    subjects: ['bids.bid.placed'],
    handle: async (event, trx) => {
      const parsed = bidPlacedSchema.safeParse(event.data);
      if (!parsed.success) {
        // Redelivery would not fix the payload: skip it loudly rather than block the durable.
        context.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'bids.bid.placed payload not understood; skipped');
        return;
      }
      const { taskId, carrierId, amountOre } = parsed.data;
      if (!(await findTaskById(trx, taskId))) return;
      await recordBidder(trx, taskId, carrierId, amountOre ?? null);
    },
  });
}
