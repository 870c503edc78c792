export { alertsRouter } from './routes';
export { alertConsumers, alertDurables } from './consumers';
export { matchTaskToAlerts } from './service';
export { createAlertIndex } from './alert-index';
