export { AlertsPanel } from './alerts-panel';
export { SaveAlertButton } from './save-alert-button';
export { useCreateAlert } from './api/alerts';
