import { eventTypes } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { PaymentsContext } from '../context';
import { transferPaidPayout } from './service';

export function connectConsumers(context: PaymentsContext): ConsumerDefinition[] {
  return [
    consume({
      durable: 'connect-payout-paid',
      subjects: [eventTypes.payoutStatusChanged],
      handle: (event, trx) => transferPaidPayout(context, event, trx),
    }),
  ];
}
