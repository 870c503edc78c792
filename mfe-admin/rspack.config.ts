import { federatedAppConfig } from '../libs/web/build/federated-app-config';

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_admin',
  devPort: 3003,
  title: 'Fragtbud – administration',
  exposes: { './App': './src/App.tsx' },
});
