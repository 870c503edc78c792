/**
 * The one rspack + Module Federation configuration every front end (shell and the three remotes) is built with,
 * so the shared singletons and output conventions cannot drift apart between independently deployed apps.
 * Measured traps this avoids are listed in shared/ARCHITECTURE.md ("Front end").
 */
import path from 'node:path';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

type SharedConfig = Record<string, { singleton: true; requiredVersion: false; strictVersion?: false }>;

/**
 * One instance of each across shell and remotes: React state, the router context and the session store.
 * The contracts and zod are shared too, so every app does not ship its own copy of the schemas.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  '@fragtbud/web',
  '@fragtbud/contracts',
  'zod',
] as const;

function sharedSingletons(): SharedConfig {
  const shared: SharedConfig = {};
  // requiredVersion false: every app is built from this one workspace (single-version policy), and a
  // version mismatch warning must never make a remote bring its own React.
  for (const name of SINGLETONS) shared[name] = { singleton: true, requiredVersion: false };
  return shared;
}

interface CommonOptions {
  /** Folder of the app (the one holding package.json), usually `import.meta.dirname`. */
  appDir: string;
  /** Module Federation container name, e.g. `shell` or `mfe_admin`. */
  federationName: string;
  /** Port of `rspack serve`. */
  devPort: number;
  /** Page title of the standalone HTML page. */
  title: string;
}

export interface HostOptions extends CommonOptions {
  kind: 'host';
  /** Where `rspack serve` forwards /api, /mf-manifest.json and /remotes (the gateway). */
  gatewayUrl?: string;
}

export interface RemoteOptions extends CommonOptions {
  kind: 'remote';
  exposes: Record<string, string>;
}

const isProduction = () => process.env.NODE_ENV !== 'development';

function scriptRule(production: boolean): RuleSetRule {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
      env: { targets: ['chrome >= 109', 'edge >= 109', 'firefox >= 115', 'safari >= 15.4'] },
    },
    type: 'javascript/auto',
  };
}

export function federatedAppConfig(options: HostOptions | RemoteOptions): Configuration {
  const production = isProduction();
  const hashed = (name: string) => (production ? `${name}.[contenthash:8]` : name);
  const isHost = options.kind === 'host';

  return {
    mode: production ? 'production' : 'development',
    context: options.appDir,
    entry: { main: './src/main.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(options.appDir, 'dist'),
      // The shell serves deep links like /task/12 from index.html, so its assets must load from '/';
      // a remote is served from any sub-path (/remotes/<name>/) and finds its chunks relative to remoteEntry.js.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: options.federationName,
      filename: `${hashed('[name]')}.js`,
      chunkFilename: `${hashed('[name]')}.js`,
      cssFilename: `${hashed('[name]')}.css`,
      cssChunkFilename: `${hashed('[name]')}.css`,
      assetModuleFilename: `assets/${hashed('[name]')}[ext]`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    module: {
      rules: [
        scriptRule(production),
        { test: /\.css$/, type: 'css' },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.federationName,
        ...(options.kind === 'remote' ? { filename: 'remoteEntry.js', exposes: options.exposes } : { remotes: {} }),
        shared: sharedSingletons(),
        // Without it the shell fetches every registered remote on first load.
        shareStrategy: 'loaded-first',
        // Type fetching would tie the shell's build to the deployed remotes.
        dts: false,
        manifest: false,
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(options.appDir, 'index.html'),
        title: options.title,
        minify: production,
      }),
    ],
    optimization: {
      minimize: production,
    },
    performance: { hints: false },
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      ...(options.kind === 'host'
        ? {
            proxy: [
              {
                context: ['/api', '/mf-manifest.json', '/remotes'],
                target: options.gatewayUrl ?? 'http://localhost:8080',
                changeOrigin: true,
              },
            ],
          }
        : {}),
    },
  };
}
