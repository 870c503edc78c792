import { AlertsPanel } from './features/alerts';

/** Exposed to the shell as `./AlertsPanel`: the carrier's 'Jobalarmer' on the profile page. */
export default function CarrierAlertsPanel() {
  return <AlertsPanel />;
}
