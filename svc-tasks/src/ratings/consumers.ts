import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';

type Deleted = EventPayload<typeof eventTypes.userDeleted>;

/**
 * identity.user.deleted → the deleted user's first name leaves the ratings they gave (the reviews on carrier pages and
 * the home page show a review without a name); the stars and the comment stay with the carrier they rate.
 */
export function ratingErasureConsumers(): ConsumerDefinition[] {
  return [
    consume<Deleted>({
      durable: 'rating-rater-erasure',
      subjects: [eventTypes.userDeleted],
      handle: async (event, trx) => {
        await trx('ratings').where({ rater_id: event.data.userId }).whereNotNull('rater_first_name').update({ rater_first_name: null });
      },
    }),
  ];
}
