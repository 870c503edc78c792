import { createLogger, exitOnProcessFailure, loadConfigOrExit, onStopRequest } from '@fragtbud/platform';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

const config = loadConfigOrExit('gateway', () => loadGatewayConfig());
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
exitOnProcessFailure(logger);
const up: { gateway?: ReturnType<typeof createGateway> } = {};
// Before anything connects: a stop request or the supervisor's end during start-up ends the process too.
onStopRequest((reason) => {
  logger.info({ reason }, 'gateway stopping');
  if (!up.gateway) process.exit(0);
  void up.gateway.close().then(() => process.exit(0));
});
const gateway = createGateway({ config, logger });
up.gateway = gateway;
const { url } = await gateway.listen();
logger.info({ url }, 'gateway listening');
