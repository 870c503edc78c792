export { createGateway, type RunningGateway } from './app';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config';
