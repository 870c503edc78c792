import { InsurancePanel } from './features/insurance/insurance-panel';

/** Exposed to the shell as `./InsurancePanel`: the carrier's 'Forsikring' (certificates) on the profile page. */
export default function CarrierInsurancePanel() {
  return <InsurancePanel />;
}
