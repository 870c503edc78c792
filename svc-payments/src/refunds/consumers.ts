import { eventTypes } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { PaymentsContext } from '../context';
import { refundCancelledTask } from './service';

export function refundConsumers(context: PaymentsContext): ConsumerDefinition[] {
  return [
    consume({
      durable: 'refunds-task-cancelled',
      subjects: [eventTypes.taskStatusChanged],
      handle: (event, trx) => refundCancelledTask(context, event, trx),
    }),
  ];
}
