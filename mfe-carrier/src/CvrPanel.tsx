import { CvrPanel } from './features/company/cvr-panel';

/** Exposed to the shell as `./CvrPanel`: the carrier's 'CVR' (the company as registered) on the profile page. */
export default function CarrierCvrPanel() {
  return <CvrPanel />;
}
