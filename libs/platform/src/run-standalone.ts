import type { BaseConfig } from './config';
import { createService, type CreateServiceOptions, type RunningService } from './create-service';
import { createLogger } from './logger';
import type { ServiceDefinition } from './service-definition';

const stopSignals = ['SIGINT', 'SIGTERM'] as const;

/**
 * A service as its own process (`src/main.ts`): create, listen on config HOST/PORT, and close cleanly on
 * SIGINT/SIGTERM (exit code 0, or 1 when closing failed).
 */
export async function runStandalone<C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  options: Omit<CreateServiceOptions<C>, 'config'> = {},
): Promise<RunningService<C> & { port: number; url: string }> {
  const logger = options.logger ?? createLogger({ name: definition.name, level: config.LOG_LEVEL });
  const service = await createService(definition, { ...options, config, logger });
  const { port, url } = await service.listen();

  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, `${definition.name} stopping`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `${definition.name} did not stop cleanly`);
        process.exit(1);
      },
    );
  };
  for (const signal of stopSignals) process.once(signal, stop);

  return {
    ...service,
    port,
    url,
    async close() {
      for (const signal of stopSignals) process.removeListener(signal, stop);
      await service.close();
    },
  };
}
