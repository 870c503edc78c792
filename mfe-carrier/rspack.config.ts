import { rspack } from '@rspack/core';
import { federatedAppConfig } from '@fragtbud/web/rspack';

/** What mfe_carrier exposes to the shell; the publish script lists it in each release's contract.json. */
export const exposes = {
  './App': './src/App.tsx',
  './contract': './src/contract.ts',
  './BidPanel': './src/BidPanel.tsx',
  './CarrierBids': './src/CarrierBids.tsx',
  './DeliveryPanel': './src/DeliveryPanel.tsx',
  './FinancePanel': './src/FinancePanel.tsx',
  './AlertsPanel': './src/AlertsPanel.tsx',
  './SaveAlertButton': './src/SaveAlertButton.tsx',
  './VehiclesPanel': './src/VehiclesPanel.tsx',
  './BankPanel': './src/BankPanel.tsx',
  './InsurancePanel': './src/InsurancePanel.tsx',
  './CvrPanel': './src/CvrPanel.tsx',
  './TaskActions': './src/TaskActions.tsx',
  './RecentTasks': './src/RecentTasks.tsx',
  './Review': './src/Review.tsx',
};

const config = federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_carrier',
  devPort: 3002,
  title: 'Fragtbud – vognmand',
  exposes,
});

// FIXTURE_FINANCE_HEADING: a build whose finance heading says something else, so the release test
// (e2e/tests/remote-release.e2e.ts) can see which published version a page runs. Unset in every real build.
config.plugins = [
  ...(config.plugins ?? []),
  new rspack.DefinePlugin({ __FIXTURE_FINANCE_HEADING__: JSON.stringify(process.env.FIXTURE_FINANCE_HEADING ?? '') }),
];

export default config;
