import { PaymentsPanel } from './payments-panel';

/** Exposed to the shell as `./PaymentsPanel`: the customer's 'Betalinger' on the profile page. */
export default function CustomerPaymentsPanel() {
  return <PaymentsPanel />;
}
