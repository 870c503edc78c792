export { alertsRouter } from './routes';
export { alertConsumers, alertDurables } from './consumers';
export { alertUnsubscribePurpose, matchTaskToAlerts } from './service';
export { matchingAlerts } from './repo';
