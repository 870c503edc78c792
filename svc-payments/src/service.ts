import { defineService, peerClient, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import { providerOf, type PaymentsConfig } from './config';
import type { PaymentsContext } from './context';
import { chargesRouter } from './charges/routes';
import { connectConsumers } from './connect/consumers';
import { connectRouter } from './connect/routes';
import { paymentsRouter } from './payments/routes';
import { refundConsumers } from './refunds/consumers';
import { bidsPeer } from './peers/bids';
import { tasksPeer } from './peers/tasks';
import { createProviders } from './providers/registry';
import { webhooksRouter } from './webhooks/routes';

export interface PaymentsServiceOptions {
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * svc-payments: payment intents for accepted bids (mock provider by default, Stripe when configured), Stripe webhooks,
 * and `payments.payment.succeeded` — from which svc-tasks marks the task paid and svc-ledger books the transaction;
 * refunds of cancelled paid tasks, an admin's extra fee on the saved card, and Stripe Connect (accounts, payout
 * links, transfers of paid payouts).
 */
export function createPaymentsService(options: PaymentsServiceOptions = {}) {
  const contexts = new WeakMap<ServiceDeps<PaymentsConfig>, PaymentsContext>();
  const contextOf = (deps: ServiceDeps<PaymentsConfig>): PaymentsContext => {
    let context = contexts.get(deps);
    if (!context) {
      context = {
        db: deps.db,
        outbox: deps.outbox,
        logger: deps.logger,
        config: deps.config,
        providers: createProviders(deps.config, deps.db),
        tasks: tasksPeer(peerClient(deps.clients, 'tasks', deps.logger)),
        bids: bidsPeer(peerClient(deps.clients, 'bids', deps.logger)),
        now: options.now ?? (() => new Date()),
      };
      contexts.set(deps, context);
    }
    return context;
  };

  return defineService<PaymentsConfig>({
    name: 'payments',
    migrations,
    onStart: async (deps) => {
      const { config, logger } = deps;
      const provider = providerOf(config);
      logger.info({ provider }, `card payments through the ${provider} provider`);
      if (provider === 'mock' && config.NODE_ENV === 'production') {
        logger.warn('payments use the mock provider: no card is charged (set STRIPE_SECRET_KEY for real payments)');
      }
      if (provider === 'stripe' && !config.STRIPE_WEBHOOK_SECRET) {
        logger.warn('STRIPE_WEBHOOK_SECRET is not set: webhooks are refused, payments are recorded on confirm only');
      }
    },
    routes: (deps) => {
      const context = contextOf(deps);
      return [paymentsRouter(context), webhooksRouter(context), chargesRouter(context), connectRouter(context)];
    },
    consumers: (deps) => {
      const context = contextOf(deps);
      return [...refundConsumers(context), ...connectConsumers(context)];
    },
  });
}

export const paymentsService = createPaymentsService();
