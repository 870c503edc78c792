import { createLogger } from '@fragtbud/platform';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

const config = loadGatewayConfig();
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
const gateway = createGateway({ config, logger });
const { url } = await gateway.listen();
logger.info({ url }, 'gateway listening');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void gateway.close().then(() => process.exit(0)));
}
