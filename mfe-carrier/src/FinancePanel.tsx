import { FinancePanel } from './features/finance/finance-panel';

/** Exposed to the shell as `./FinancePanel`: the carrier's 'Økonomi' on the profile page. */
export default function CarrierFinancePanel() {
  return <FinancePanel />;
}
