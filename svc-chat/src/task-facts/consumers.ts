import { eventTypes } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import { understood } from '../understood';
import type { ChatContext } from '../context';
import { projectBidEvent, projectBidLimitEvent, projectTaskEvent, tellFreightNoteUpdated } from './service';

/** Durable names; the bus durable is `chat-<name>`. Never rename one: a new name starts from the stream's start. */
export const taskFactDurables = {
  tasks: 'chat-task-facts',
  bids: 'chat-bid-facts',
  bidLimits: 'chat-bid-limits',
  freightNotes: 'chat-freight-notes',
} as const;

export function taskFactConsumers(context: ChatContext): ConsumerDefinition[] {
  return [
    consume({
      durable: taskFactDurables.tasks,
      subjects: [eventTypes.taskCreated, eventTypes.taskUpdated, eventTypes.taskStatusChanged, eventTypes.taskDeleted],
      handle: async (event, trx) => {
        if (understood(event, context.logger)) await projectTaskEvent(context, trx, event as Parameters<typeof projectTaskEvent>[2]);
      },
    }),
    consume({
      durable: taskFactDurables.bids,
      subjects: [eventTypes.bidPlaced, eventTypes.bidUpdated, eventTypes.bidAccepted, eventTypes.bidRejected],
      handle: async (event, trx) => {
        if (understood(event, context.logger)) await projectBidEvent(context, trx, event as Parameters<typeof projectBidEvent>[2]);
      },
    }),
    consume({
      durable: taskFactDurables.bidLimits,
      subjects: [eventTypes.taskTypeUpdated, eventTypes.taskTypeDeleted, eventTypes.ledgerSettingsUpdated],
      handle: async (event, trx) => {
        if (understood(event, context.logger)) await projectBidLimitEvent(trx, event as Parameters<typeof projectBidLimitEvent>[1], new Date());
      },
    }),
    consume({
      durable: taskFactDurables.freightNotes,
      subjects: [eventTypes.freightNoteUpdated],
      handle: async (event, trx) => {
        if (understood(event, context.logger)) await tellFreightNoteUpdated(context, trx, event as Parameters<typeof tellFreightNoteUpdated>[2]);
      },
    }),
  ];
}
