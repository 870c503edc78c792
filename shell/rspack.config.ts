import path from 'node:path';
import { rspack } from '@rspack/core';
import { federatedAppConfig } from '@fragtbud/web/rspack';
import { bootBar, landingPages } from './src/landing/landing-pages';

const config = federatedAppConfig({
  kind: 'host',
  appDir: import.meta.dirname,
  federationName: 'shell',
  devPort: 3000,
  title: 'Fragtbud – flytning og fragt til den rigtige pris',
  gatewayUrl: process.env.GATEWAY_URL,
  boot: bootBar,
  landingPages,
});

// The installable app's files, at the site root under fixed names (issue 29): the web manifest and its icons, and the
// service worker (its scope is the folder it is served from, so it must be /sw.js, never hashed).
config.plugins = [...(config.plugins ?? []), new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(import.meta.dirname, 'public'), to: '.' }] })];

export default config;
