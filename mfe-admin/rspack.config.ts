import { federatedAppConfig } from '@fragtbud/web/rspack';

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_admin',
  devPort: 3003,
  title: 'Fragtbud – administration',
  exposes: { './App': './src/App.tsx' },
});
