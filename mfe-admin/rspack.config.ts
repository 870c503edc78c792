import { federatedAppConfig } from '@fragtbud/web/rspack';

/** What mfe_admin exposes to the shell; the publish script lists it in each release's contract.json. */
export const exposes = {
  './App': './src/App.tsx',
  './contract': './src/contract.ts',
  './AdminTaskControls': './src/features/task-controls/admin-task-controls-entry.tsx',
  './AdminBids': './src/features/task-bids/admin-bids-entry.tsx',
};

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_admin',
  devPort: 3003,
  title: 'Fragtbud – administration',
  exposes,
});
