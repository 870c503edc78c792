import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition, type EventEnvelope } from '@fragtbud/platform';
import { saveBankDetailsFact } from './repo';

type Updated = EventPayload<typeof eventTypes.userUpdated>;
type Deleted = EventPayload<typeof eventTypes.userDeleted>;

/**
 * identity.user.updated says whether a user has saved bank details (hasBankDetails; an event without it says
 * nothing about them); identity.user.deleted takes them away. A payout request reads the fact (payouts/service).
 */
export function bankDetailsConsumers(): ConsumerDefinition[] {
  return [
    consume<Updated | Deleted>({
      durable: 'bank-details',
      subjects: [eventTypes.userUpdated, eventTypes.userDeleted],
      handle: async (event: EventEnvelope<Updated | Deleted>, trx) => {
        const at = new Date(event.occurredAt);
        if (event.type === eventTypes.userDeleted) return saveBankDetailsFact(trx, event.data.userId, false, at);
        const data = event.data as Updated;
        if (typeof data.hasBankDetails === 'boolean') await saveBankDetailsFact(trx, data.userId, data.hasBankDetails, at);
      },
    }),
  ];
}
