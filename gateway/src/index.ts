export { createGateway, type RunningGateway } from './app';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config';
export type { InProcessService } from './proxy';
