/**
 * The one rspack + Module Federation configuration every front end (shell and the three remotes) is built with,
 * so the shared singletons and output conventions cannot drift apart between independently deployed apps.
 * Measured traps this avoids are listed in shared/ARCHITECTURE.md ("Front end").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress';
import { PreloadStartupChunksPlugin } from './preload-startup-chunks';

/**
 * One instance of each across shell and remotes: React state, the router context, the session store (zustand +
 * libs/web) and zod. Every app is built against the versions in its own package.json, and a remote whose major
 * version of any of these differs from the shell's is refused at load (strictVersion), so the shell shows its
 * Danish remote-error panel instead of running the remote on a copy it was not built for.
 * `@fragtbud/contracts` is not shared: it holds no state, and each app bundles only the schemas it uses (sharing
 * it would put the whole library and all of zod on every first load).
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  'zod',
] as const;

/** libs/web's module-level state, shared by file so shell and remotes hold one copy of each. */
const sharedStateFiles = [
  { file: path.resolve(import.meta.dirname, '../src/session/session-store.ts'), shareKey: '@fragtbud/web/session' },
  { file: path.resolve(import.meta.dirname, '../src/ui/toast-store.ts'), shareKey: '@fragtbud/web/toast' },
];

interface SharedEntry {
  shareKey?: string;
  singleton: true;
  strictVersion: true;
  requiredVersion: string;
  version: string;
}

/** `react/jsx-runtime` → `react`, `@fragtbud/web` → `@fragtbud/web`. */
export function packageNameOf(request: string): string {
  const parts = request.split('/');
  return (request.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** `^<major>` (or `^0.<minor>` before 1.0): what "compatible" means for a shared module. */
export function compatibleRange(version: string): string {
  const [major = '0', minor = '0'] = version.split('.');
  return major === '0' ? `^0.${minor}` : `^${major}`;
}

/** The folder node's resolution would find `packageName` in, looking up from `appDir`. */
function packageDir(appDir: string, packageName: string): string {
  for (let dir = appDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', packageName);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${packageName} is not installed for ${appDir}`);
  }
}

function installedVersion(appDir: string, packageName: string): string {
  const manifest = path.join(packageDir(appDir, packageName), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * `MF_SHARED_VERSION_OVERRIDE=@fragtbud/web@2.0.0,react@20.0.0` builds an app as if it had been built against
 * other versions of shared packages. Only the independent-release check uses it (e2e/tests/remote-version.e2e.ts):
 * it proves a remote from another major version is refused.
 */
function versionOverrides(): Map<string, string> {
  const overrides = new Map<string, string>();
  for (const item of (process.env.MF_SHARED_VERSION_OVERRIDE ?? '').split(',').filter(Boolean)) {
    const at = item.lastIndexOf('@');
    if (at > 0) overrides.set(item.slice(0, at), item.slice(at + 1));
  }
  return overrides;
}

export function sharedSingletons(appDir: string): Record<string, SharedEntry> {
  const overrides = versionOverrides();
  const shared: Record<string, SharedEntry> = {};
  for (const request of SINGLETONS) {
    const packageName = packageNameOf(request);
    const version = overrides.get(packageName) ?? installedVersion(appDir, packageName);
    shared[request] = { singleton: true, strictVersion: true, version, requiredVersion: compatibleRange(version) };
  }
  // libs/web is bundled into each app (tree-shaken: a page carries only the components it uses); its state (the
  // session store, the toasts) is shared by file so shell and remotes see one signed-in user and one toast list. It carries
  // libs/web's version, so a remote built against another major version of libs/web is refused.
  const webVersion = overrides.get('@fragtbud/web') ?? installedVersion(appDir, '@fragtbud/web');
  // Keyed by the file's path relative to the app, so the build carries no machine-specific absolute path.
  for (const { file, shareKey } of sharedStateFiles) {
    shared[path.relative(appDir, file)] = {
      singleton: true,
      strictVersion: true,
      version: webVersion,
      requiredVersion: compatibleRange(webVersion),
      shareKey,
    };
  }
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
  /** What index.html's `#root` holds until the app renders (the template's `<%= boot %>`). */
  boot?: string;
  /**
   * Pages with the top of a route already in `#root`, written as `landing/<route>.html` next to index.html: the
   * gateway serves them for that route instead of index.html, so the page's main content is painted before the
   * scripts run.
   */
  landingPages?: Record<string, string>;
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
    // No source maps in production builds: the gateway serves dist/ publicly (and refuses *.map regardless).
    devtool: production ? false : 'eval-cheap-module-source-map',
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
      alias: {
        // Only the router pieces the apps use go into the shared singleton (see react-router-dom.ts), from
        // React Router's production build (its package exports only the development build to bundlers).
        'react-router-dom$': path.join(import.meta.dirname, 'react-router-dom.ts'),
        ...(production ? { 'react-router$': path.join(packageDir(options.appDir, 'react-router'), 'dist/production/index.mjs') } : {}),
      },
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
        shared: sharedSingletons(options.appDir),
        // Without it the shell fetches every registered remote on first load.
        shareStrategy: 'loaded-first',
        // Type fetching would tie the shell's build to the deployed remotes.
        dts: false,
        manifest: false,
        experiments: {
          // The shell carries the federation runtime once; remotes use it instead of bringing their own copy
          // (a remote's remoteEntry.js then needs the shell, so standalone pages use `rspack serve`).
          ...(production ? (isHost ? { provideExternalRuntime: true } : { externalRuntime: true }) : {}),
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(options.appDir, 'index.html'),
        title: options.title,
        minify: production,
        ...(isHost ? { templateParameters: { boot: options.boot ?? '' } } : {}),
      }),
      ...Object.entries((isHost && options.landingPages) || {}).map(
        ([route, boot]) =>
          new rspack.HtmlRspackPlugin({
            template: path.join(options.appDir, 'index.html'),
            filename: `landing/${route}.html`,
            title: options.title,
            minify: production,
            templateParameters: { boot },
          }),
      ),
      ...(production && isHost ? [new PreloadStartupChunksPlugin()] : []),
      ...(production ? [new PrecompressPlugin()] : []),
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
