import { eventTypes } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { markPaid } from './service';

/** svc-tasks' consumer of svc-payments' events: a succeeded payment marks the task paid. */
export function paymentConsumers(context: Pick<TasksContext, 'outbox' | 'logger'>): ConsumerDefinition[] {
  return [
    consume({
      durable: 'payment-paid',
      subjects: [eventTypes.paymentSucceeded],
      handle: (event, trx) => markPaid(trx, event, context),
    }),
  ];
}
