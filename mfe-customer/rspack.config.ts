import { federatedAppConfig } from '@fragtbud/web/rspack';

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_customer',
  devPort: 3001,
  title: 'Fragtbud – kunde',
  exposes: {
    './App': './src/App.tsx',
    './ChooseBid': './src/features/choose-bid/choose-bid-entry.tsx',
    './PayPanel': './src/features/payment/pay-panel-entry.tsx',
    './PaymentsPanel': './src/features/payment-history/payments-panel-entry.tsx',
  },
});
