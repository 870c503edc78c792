import { BankPanel } from './features/bank/bank-panel';

/** Exposed to the shell as `./BankPanel`: the carrier's 'Bank' (reg.nr. and account for payouts) on the profile page. */
export default function CarrierBankPanel() {
  return <BankPanel />;
}
