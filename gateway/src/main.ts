import { createLogger, exitOnProcessFailure, loadConfigOrExit, onStopRequest } from '@fragtbud/platform';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

const config = loadConfigOrExit('gateway', () => loadGatewayConfig());
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
exitOnProcessFailure(logger);
const gateway = createGateway({ config, logger });
const { url } = await gateway.listen();
logger.info({ url }, 'gateway listening');

onStopRequest((reason) => {
  logger.info({ reason }, 'gateway stopping');
  void gateway.close().then(() => process.exit(0));
});
