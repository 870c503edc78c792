import { federatedAppConfig } from '@fragtbud/web/rspack';
import { bootBar, landingPages } from './src/landing/landing-pages';

export default federatedAppConfig({
  kind: 'host',
  appDir: import.meta.dirname,
  federationName: 'shell',
  devPort: 3000,
  title: 'Fragtbud – flytning og fragt til den rigtige pris',
  gatewayUrl: process.env.GATEWAY_URL,
  boot: bootBar,
  landingPages,
});
