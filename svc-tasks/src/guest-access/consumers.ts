import { eventTypes, payloadSchemaFor, type EventPayload } from '@fragtbud/contracts';
import { causedBy, consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { claimGuestTasks } from './service';

type EmailVerified = EventPayload<typeof eventTypes.userEmailVerified>;

/** identity.user.email_verified → a guest's tasks with that contact e-mail become the account's (idempotent). */
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
        await claimGuestTasks(trx, context, parsed.data as EmailVerified, causedBy(event));
      },
    }),
  ];
}
