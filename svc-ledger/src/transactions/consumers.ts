import { eventTypes } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { bookPayment } from './service';

/** Every succeeded payment becomes one transaction row. */
export function transactionConsumers(context: Pick<LedgerContext, 'logger'>): ConsumerDefinition[] {
  return [
    consume({
      durable: 'transactions-payment-succeeded',
      subjects: [eventTypes.paymentSucceeded],
      handle: (event, trx) => bookPayment(context, event, trx),
    }),
  ];
}
