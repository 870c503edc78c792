import { eventTypes, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { causedBy, consume, deletedUserName, type ConsumerDefinition } from '@fragtbud/platform';
import type { BidsContext } from '../context';
import { bidEvents } from './events';
import { eraseCarrierName, rejectPendingBidsOfCarrier } from './repo';

type Removal = EventPayload<typeof eventTypes.userDeleted> | EventPayload<typeof eventTypes.userBlocked>;

/**
 * A carrier whose account is deleted or blocked can no longer do a job: its pending bids are rejected
 * ('carrier_removed'), so no customer chooses and pays a bid nobody will carry out, and each task's slot frees up.
 * An accepted bid is left to the admin (the task is under way and may be paid already). A deleted carrier's name
 * leaves all its bids, accepted ones included ('Slettet bruger', as svc-tasks and svc-chat show it).
 */
export function carrierRemovalConsumers(context: Pick<BidsContext, 'outbox' | 'now'>): ConsumerDefinition[] {
  return [
    consume<Removal>({
      durable: 'carrier-removal',
      subjects: [eventTypes.userDeleted, eventTypes.userBlocked],
      handle: async (event: EventEnvelope<Removal>, trx) => {
        if (event.type === eventTypes.userDeleted) await eraseCarrierName(trx, event.data.userId, deletedUserName);
        const rejected = await rejectPendingBidsOfCarrier(trx, event.data.userId, context.now());
        const events = bidEvents(context.outbox);
        for (const bid of rejected) await events.rejected(trx, bid, 'carrier_removed', null, causedBy(event));
      },
    }),
  ];
}
