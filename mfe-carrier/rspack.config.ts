import { federatedAppConfig } from '@fragtbud/web/rspack';

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_carrier',
  devPort: 3002,
  title: 'Fragtbud – vognmand',
  exposes: {
    './App': './src/App.tsx',
    './BidPanel': './src/BidPanel.tsx',
    './DeliveryPanel': './src/DeliveryPanel.tsx',
    './FinancePanel': './src/FinancePanel.tsx',
    './AlertsPanel': './src/AlertsPanel.tsx',
    './SaveAlertButton': './src/SaveAlertButton.tsx',
    './VehiclesPanel': './src/VehiclesPanel.tsx',
  },
});
