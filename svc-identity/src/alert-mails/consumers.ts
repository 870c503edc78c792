import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { mailAlertMatch } from './service';

/** tasks.alert.matched → the carrier's instant mail, or a row for the 07:00 overview (svc-identity knows addresses). */
export function alertMailConsumers(context: IdentityContext): ConsumerDefinition[] {
  return [
    consume<EventPayload<typeof eventTypes.alertMatched>>({
      durable: 'mail-task-alerts',
      subjects: [eventTypes.alertMatched],
      handle: (event, trx) => mailAlertMatch(context, event, trx),
    }),
  ];
}
