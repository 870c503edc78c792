import { createMailer, defineService, peerClient, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import { internalAccountRouter } from './account/routes';
import { authRouter } from './auth/routes';
import { bankRouter } from './bank/routes';
import { adminBillingRouter, billingRouter } from './billing/routes';
import type { IdentityConfig } from './config';
import { systemClock, type Clock, type IdentityContext } from './context';
import { cvrRouter } from './cvr/routes';
import { createCvrLookup, createCvrProvider, type CvrProvider } from './cvr/provider';
import { devMailRouter } from './dev-mail/routes';
import { deviceSessionsRouter } from './devices/routes';
import { startInsuranceReminders } from './insurance/reminders';
import { alertMailConsumers, startAlertDigests } from './alert-mails';
import { adminInsuranceRouter, insuranceRouter } from './insurance/routes';
import { notificationMailConsumers } from './notification-mails/consumers';
import { oidcRouter } from './oidc/routes';
import { passwordRouter } from './password/routes';
import { tasksPeer } from './peers/tasks';
import { profileRouter } from './profile/routes';
import { seed } from './seed/service';
import { internalSessionsRouter } from './sessions/routes';
import { sweepExpiredSessions } from './sessions/service';
import { twoFactorRouter } from './two-factor/routes';
import { adminRouter, usersRouter } from './users/routes';
import { announceDirectory } from './users/user-events';
import { verificationRouter } from './verification/routes';

export interface IdentityServiceOptions {
  /** The service's notion of now; tests pass a clock they can move. */
  clock?: Clock;
  /** Replaces the CVR adapter the config names (tests). */
  cvrProvider?: CvrProvider;
}

/**
 * svc-identity: users, registration, login, sessions, e-mail verification, password reset, two-factor,
 * profile, billing, bank details, insurance, CVR lookup, carrier approval and blocking.
 */
export function createIdentityService({ clock = systemClock, cvrProvider }: IdentityServiceOptions = {}) {
  // One context (and so one mailer) per running service, whichever hook asks first.
  const contexts = new WeakMap<ServiceDeps<IdentityConfig>, IdentityContext>();
  const reminders = new WeakMap<ServiceDeps<IdentityConfig>, Array<{ stop(): void }>>();
  const contextOf = (deps: ServiceDeps<IdentityConfig>): IdentityContext => {
    let context = contexts.get(deps);
    if (!context) {
      context = {
        db: deps.db,
        outbox: deps.outbox,
        logger: deps.logger,
        config: deps.config,
        clock,
        mailer: createMailer({ db: deps.db, config: deps.config, logger: deps.logger }),
        cvrLookup: createCvrLookup(cvrProvider ?? createCvrProvider(deps.config), clock),
        tasks: tasksPeer(peerClient(deps.clients, 'tasks', deps.logger)),
      };
      contexts.set(deps, context);
    }
    return context;
  };

  return defineService<IdentityConfig>({
    name: 'identity',
    migrations,
    routes: (deps) => {
      const context = contextOf(deps);
      // The fixed paths (/users/billing, /users/bank-info …) stand before usersRouter's /users/:id.
      return [
        authRouter(context),
        verificationRouter(context),
        passwordRouter(context),
        twoFactorRouter(context),
        oidcRouter(context),
        deviceSessionsRouter(context),
        profileRouter(context),
        billingRouter(context),
        bankRouter(context),
        insuranceRouter(context),
        cvrRouter(context),
        devMailRouter(context),
        usersRouter(context),
        adminBillingRouter(context),
        adminInsuranceRouter(context),
        adminRouter(context),
        internalSessionsRouter(context),
        internalAccountRouter(context),
      ];
    },
    consumers: (deps) => [...notificationMailConsumers(contextOf(deps)), ...alertMailConsumers(contextOf(deps))],
    onStart: async (deps) => {
      const context = contextOf(deps);
      // Before the seed: a new database announces nobody here (its users announce themselves as they register).
      const announced = await announceDirectory(context);
      if (announced > 0) context.logger.info({ announced }, 'user directory announced again');
      await seed(context);
      const swept = await sweepExpiredSessions(context);
      if (swept > 0) context.logger.info({ swept }, 'expired sessions removed');
      context.mailer.start();
      reminders.set(deps, [startInsuranceReminders(context), startAlertDigests(context)]);
    },
    onStop: async (deps) => {
      for (const timer of reminders.get(deps) ?? []) timer.stop();
      await contextOf(deps).mailer.stop();
    },
  });
}

export const identityService = createIdentityService();
