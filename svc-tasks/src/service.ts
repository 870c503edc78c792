import { defineService, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import type { TasksConfig } from './config';
import type { TasksContext } from './context';
import type { AddressProvider } from './geo/provider';
import { geoRouter } from './geo/routes';
import { internalAccountRouter } from './account/routes';
import { bidProjectionConsumers, internalTasksRouter } from './bid-projection';
import { paymentConsumers } from './payment-projection';
import { adminTasksRouter, tasksRouter } from './tasks/routes';
import { proofsRouter } from './proofs';
import { adminDeletionRequestsRouter, deletionRequestsRouter } from './deletion-requests';
import { ratingErasureConsumers, ratingsRouter } from './ratings';
import { carrierProfileConsumers, carriersRouter, ownCarrierProfileRouter } from './carriers';
import { adminTaskTypesRouter, internalTaskTypesRouter, platformLimitConsumers } from './task-types';
import { internalFilesRouter } from './uploads/internal-routes';
import { uploadsRouter } from './uploads/routes';
import { freightNotesRouter } from './freight-notes';
import { alertConsumers, alertsRouter } from './alerts';
import { userDirectoryConsumers } from './user-directory';
import { guestClaimConsumers, guestClaimRouter, internalGuestAccessRouter } from './guest-access';
import { fileStorageOf } from './uploads/file-storage';
import type { FileStorage } from './uploads/storage';
import { createBrowseCache, type BrowseCache } from './tasks/browse-cache';

/** One browse cache per running service (routes and consumers get their deps separately, the same db). */
const browseCaches = new WeakMap<object, BrowseCache>();
function browseCacheOf(deps: ServiceDeps<TasksConfig>): BrowseCache {
  let cache = browseCaches.get(deps.db);
  if (!cache) browseCaches.set(deps.db, (cache = createBrowseCache({ ttlMs: deps.config.BROWSE_CACHE_MS })));
  return cache;
}

const contextOf = (deps: ServiceDeps<TasksConfig>): TasksContext => {
  const browseCache = browseCacheOf(deps);
  return {
    db: deps.db,
    outbox: browseCache.invalidating(deps.outbox),
    logger: deps.logger,
    config: deps.config,
    browseCache,
  };
};

/**
 * svc-tasks: tasks (five types), their status machine, browse and search; uploads and address suggestions.
 * Proofs, freight notes, deletion requests, ratings and task-type settings arrive with their issues.
 */
export interface TasksServiceOptions {
  /** Instead of the local disk under UPLOADS_DIR (tests). */
  storage?: FileStorage;
  /** Instead of the provider GEO_PROVIDER names (tests); null = none. */
  geoProvider?: AddressProvider | null;
}

export function createTasksService(options: TasksServiceOptions = {}) {
  return defineService<TasksConfig>({
    name: 'tasks',
    migrations,
    routes: (deps) => {
      const context = contextOf(deps);
      // One store for uploads and the PDF freight note, which draws the proofs' signatures and photos from it.
      const storage = options.storage ?? fileStorageOf(deps.config);
      return [
        tasksRouter(context),
        freightNotesRouter(context, storage),
        proofsRouter(context),
        deletionRequestsRouter(context),
        adminDeletionRequestsRouter(context),
        ratingsRouter(context),
        carriersRouter(context),
        ownCarrierProfileRouter(context),
        alertsRouter(context),
        adminTasksRouter(context),
        internalTasksRouter(context),
        internalGuestAccessRouter(context),
        guestClaimRouter(context),
        internalAccountRouter(context),
        adminTaskTypesRouter(context),
        internalTaskTypesRouter(context),
        uploadsRouter(deps, { storage }),
        internalFilesRouter(deps),
        geoRouter(deps, options.geoProvider !== undefined ? { provider: options.geoProvider } : {}),
      ];
    },
    consumers: (deps) => {
      const context = contextOf(deps);
      return [
        ...context.browseCache.invalidatingConsumers([
          ...bidProjectionConsumers(context),
          ...paymentConsumers(context),
          ...userDirectoryConsumers(),
          ...carrierProfileConsumers(),
          ...ratingErasureConsumers(),
          ...guestClaimConsumers(context),
          ...platformLimitConsumers(context),
        ]),
        // Matching a task to carriers' alerts changes no task: it must not drop the kept public page (under NATS the
        // match of a new task lands after the creator's next read and would empty the cache behind its back).
        ...alertConsumers({ ...context, outbox: deps.outbox }),
      ];
    },
  });
}

export const tasksService = createTasksService();
