import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, defineService, userDirectoryConsumer, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import { assignmentsRouter } from './assignments/routes';
import { forgetDeletedUser } from './assignments/service';
import { carrierListsRouter } from './carrier-lists/routes';
import type { LedgerConfig } from './config';
import type { LedgerContext } from './context';
import { quotesRouter } from './quotes/routes';
import { settingsRouter } from './settings/routes';
import { adjustmentsRouter } from './adjustments/routes';
import { balancesRouter } from './balances/routes';
import { bankDetailsConsumers } from './bank-details/consumers';
import { ledgerRowsRouter } from './ledger-rows/routes';
import { payoutsRouter } from './payouts/routes';
import { refundChargeConsumers } from './refunds-charges/consumers';
import { taskProjectionConsumers } from './task-projection/consumers';
import { transactionConsumers } from './transactions';

const contextOf = (deps: ServiceDeps<LedgerConfig>): LedgerContext => ({
  db: deps.db,
  outbox: deps.outbox,
  logger: deps.logger,
  config: deps.config,
});

/** svc-ledger: platform settings, carrier lists A/B/C and their assignments, pricing quotes, the ledger
 * (transactions, payouts, adjustments, refunds, charges), carrier and customer finance, platform saldo and overview. */
export const ledgerService = defineService<LedgerConfig>({
  name: 'ledger',
  migrations,
  routes: (deps) => {
    const context = contextOf(deps);
    // Assignments before lists: /admin/carrier-lists/assignments is not a list id.
    return [
      settingsRouter(context),
      assignmentsRouter(context),
      carrierListsRouter(context),
      quotesRouter(context),
      ledgerRowsRouter(context),
      payoutsRouter(context),
      adjustmentsRouter(context),
      balancesRouter(context),
    ];
  },
  consumers: (deps) => {
    const context = contextOf(deps);
    return [
      consume<EventPayload<typeof eventTypes.userDeleted>>({
        durable: 'assignments-user-deleted',
        subjects: [eventTypes.userDeleted],
        handle: (event, trx) => forgetDeletedUser(context, event, trx),
      }),
      ...transactionConsumers(context),
      ...taskProjectionConsumers(context),
      ...refundChargeConsumers(context),
      userDirectoryConsumer(),
      ...bankDetailsConsumers(),
    ];
  },
});
