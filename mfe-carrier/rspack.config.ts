import { federatedAppConfig } from '../libs/web/build/federated-app-config';

export default federatedAppConfig({
  kind: 'remote',
  appDir: import.meta.dirname,
  federationName: 'mfe_carrier',
  devPort: 3002,
  title: 'Fragtbud – vognmand',
  exposes: { './App': './src/App.tsx' },
});
