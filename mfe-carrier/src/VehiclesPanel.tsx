import { VehiclesPanel } from './features/vehicles';
import './features/alerts/alerts.css';

/** Exposed to the shell as `./VehiclesPanel`: the carrier's 'Køretøjer' (vehicles and coverage) on the profile page. */
export default function CarrierVehiclesPanel() {
  return <VehiclesPanel />;
}
