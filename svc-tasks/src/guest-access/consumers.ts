import { eventTypes, payloadSchemaFor, type EventPayload } from '@fragtbud/contracts';
import { causedBy, consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { recordVerifiedEmail } from './service';

type EmailVerified = EventPayload<typeof eventTypes.userEmailVerified>;

/**
 * identity.user.email_verified → the customer's verified e-mail is remembered and the claims the account made by a guest
 * link before it was verified are carried out (idempotent). No task is attached by e-mail alone.
 */
export function guestClaimConsumers(context: Pick<TasksContext, 'outbox' | 'logger'>): ConsumerDefinition[] {
  return [
    consume<EmailVerified>({
      durable: 'guest-claims',
      subjects: [eventTypes.userEmailVerified],
      handle: async (event, trx) => {
        const parsed = payloadSchemaFor(event.type)?.safeParse(event.data);
        if (!parsed?.success) {
          context.logger.warn({ eventId: event.id, type: event.type }, `${event.type} payload not understood; skipped`);
          return;
        }
        await recordVerifiedEmail(trx, context, parsed.data as EmailVerified, causedBy(event));
      },
    }),
  ];
}
