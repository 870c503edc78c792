import { defineService, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import { authRouter } from './auth/routes';
import type { IdentityConfig } from './config';
import { systemClock, type Clock, type IdentityContext } from './context';
import { seed } from './seed/service';
import { internalSessionsRouter } from './sessions/routes';
import { sweepExpiredSessions } from './sessions/service';
import { adminRouter, usersRouter } from './users/routes';

export interface IdentityServiceOptions {
  /** The service's notion of now; tests pass a clock they can move. */
  clock?: Clock;
}

/** svc-identity: users, registration, login, sessions, carrier approval and blocking. */
export function createIdentityService({ clock = systemClock }: IdentityServiceOptions = {}) {
  const contextOf = (deps: ServiceDeps<IdentityConfig>): IdentityContext => ({
    db: deps.db,
    outbox: deps.outbox,
    logger: deps.logger,
    config: deps.config,
    clock,
  });

  return defineService<IdentityConfig>({
    name: 'identity',
    migrations,
    routes: (deps) => {
      const context = contextOf(deps);
      return [authRouter(context), usersRouter(context), adminRouter(context), internalSessionsRouter(context)];
    },
    onStart: async (deps) => {
      const context = contextOf(deps);
      await seed(context);
      const swept = await sweepExpiredSessions(context);
      if (swept > 0) context.logger.info({ swept }, 'expired sessions removed');
    },
  });
}

export const identityService = createIdentityService();
