import { federatedAppConfig } from '@fragtbud/web/rspack';

/** What mfe_customer exposes to the shell; the publish script lists it in each release's contract.json. */
export const exposes = {
  './App': './src/App.tsx',
  './contract': './src/contract.ts',
  './ChooseBid': './src/features/choose-bid/choose-bid-entry.tsx',
  './PayPanel': './src/features/payment/pay-panel-entry.tsx',
  './PaymentsPanel': './src/features/payment-history/payments-panel-entry.tsx',
  './Review': './src/Review.tsx',
};

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_customer',
  devPort: 3001,
  title: 'Fragtbud – kunde',
  exposes,
});
