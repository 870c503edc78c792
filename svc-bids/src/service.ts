import { defineService, peerClient, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import { internalAccountRouter } from './account/routes';
import { carrierRemovalConsumers } from './bids/carrier-removal';
import { bidsRouter, internalBidsRouter, taskBidsRouter } from './bids/routes';
import { placeQueuedBids } from './bids/service';
import { slotTurns } from './bids/slot-turns';
import type { BidsConfig } from './config';
import type { BidsContext } from './context';
import { ledgerPeer } from './peers/ledger';
import { startCarrierFeeIntake } from './pricing/service';
import { tasksPeer } from './peers/tasks';
import { taskProjectionConsumers } from './task-projection/consumers';

/** The background intake of svc-ledger's carrier fees, per running service (stopped when it closes). */
const intakes = new WeakMap<object, ReturnType<typeof startCarrierFeeIntake>>();

export interface BidsServiceOptions {
  /** The clock (tests). */
  now?: () => Date;
}

const contextOf = (deps: ServiceDeps<BidsConfig>, options: BidsServiceOptions): BidsContext => {
  const now = options.now ?? (() => new Date());
  // Slot turns run on the reserved connections: a race's 50 reads never queue in front of the turn that decides it.
  const placing = { db: deps.database.reserved(), outbox: deps.outbox, now };
  return {
    db: deps.db,
    outbox: deps.outbox,
    now,
    logger: deps.logger,
    config: deps.config,
    ledger: ledgerPeer(peerClient(deps.clients, 'ledger', deps.logger), deps.logger),
    tasks: tasksPeer(peerClient(deps.clients, 'tasks', deps.logger), deps.logger),
    slotTurns: slotTurns((taskId, maxBids, queued) => placeQueuedBids(placing, taskId, maxBids, queued)),
  };
};

/**
 * svc-bids: bids and their rules (approved carrier, open task, max bids, one bid per carrier), accept/reject and
 * quote snapshots (issue #4), over its own projection of tasks and bid limits.
 */
export function createBidsService(options: BidsServiceOptions = {}) {
  return defineService<BidsConfig>({
    name: 'bids',
    migrations,
    routes: (deps) => {
      const context = contextOf(deps, options);
      return [bidsRouter(context), taskBidsRouter(context), internalBidsRouter(context), internalAccountRouter(context)];
    },
    consumers: (deps) => {
      const context = contextOf(deps, options);
      return [...taskProjectionConsumers(context), ...carrierRemovalConsumers(context)];
    },
    onStart: async (deps) => {
      intakes.set(deps, startCarrierFeeIntake(contextOf(deps, options)));
    },
    onStop: async (deps) => {
      const intake = intakes.get(deps);
      intake?.stop();
      await intake?.done;
    },
  });
}

export const bidsService = createBidsService();
