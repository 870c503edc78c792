import type { BaseConfig } from './config';
import { createService, migrateService, type CreateServiceOptions, type RunningService } from './create-service';
import { createLogger } from './logger';
import { exitOnProcessFailure, onStopRequest } from './process-lifecycle';
import type { ServiceDefinition } from './service-definition';

/**
 * A service as its own process (`src/main.ts`): create, listen on config HOST/PORT, and close cleanly on
 * SIGINT/SIGTERM or when its supervisor goes away (exit code 0, or 1 when closing failed) — also while it is still
 * starting. In-flight requests finish first. With MIGRATE_ONLY it runs the migrations and exits 0 instead. An unhandled
 * rejection or uncaught exception is logged and ends the process (exit 1) for a restart.
 */
export async function runStandalone<C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  options: Omit<CreateServiceOptions<C>, 'config'> = {},
): Promise<RunningService<C> & { port: number; url: string }> {
  const logger = options.logger ?? createLogger({ name: definition.name, level: config.LOG_LEVEL });
  exitOnProcessFailure(logger);
  if (config.MIGRATE_ONLY) {
    const applied = await migrateService(definition, config, logger);
    logger.info({ applied }, `${definition.name} migrated (MIGRATE_ONLY), exiting`);
    process.exit(0);
  }
  const up: { service?: RunningService<C> } = {};
  const stop = (reason: string) => {
    logger.info({ reason }, `${definition.name} stopping`);
    // Still starting (connecting, migrating): nothing is served yet and nothing waits to finish.
    if (!up.service) process.exit(0);
    up.service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `${definition.name} did not stop cleanly`);
        process.exit(1);
      },
    );
  };
  // Before anything connects: a stop request or the supervisor's end during start-up ends the process too.
  const removeStopListeners = onStopRequest(stop);
  const started = await createService(definition, { ...options, config, logger });
  up.service = started;
  const { port, url } = await started.listen();

  return {
    ...started,
    port,
    url,
    async close() {
      removeStopListeners();
      await started.close();
    },
  };
}
