import { ConfigError, createLogger, createService } from '@fragtbud/platform';
import { loadIdentityConfig, type IdentityConfig } from './config';
import { identityService } from './service';

const bootLogger = createLogger({ name: 'identity' });
let config: IdentityConfig;
try {
  config = loadIdentityConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  bootLogger.fatal({ problems: error.problems }, error.message);
  process.exit(1);
}

const logger = createLogger({ name: 'identity', level: config.LOG_LEVEL });
const running = await createService(identityService, { config, logger });
await running.listen();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'svc-identity stopping');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'svc-identity did not stop cleanly');
        process.exit(1);
      },
    );
  });
}
