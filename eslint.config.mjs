import { readdirSync } from 'node:fs';
import nx from '@nx/eslint-plugin';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Feature folders of each front end. A feature may import another feature only through that feature's public
 * `index.ts`; its other files are internals. Features meet in routes (the shell's app-routes, the admin dashboard).
 */
const FEATURE_ROOTS = [
  { root: 'shell/src/features' },
  { root: 'mfe-customer/src/features' },
  { root: 'mfe-carrier/src/features' },
  // The admin remote keeps its features at the top of src/; api/, shared/, testing/ and dashboard/ (the tab host) are not features.
  { root: 'mfe-admin/src', only: ['carrier-lists', 'carriers', 'fees', 'tasks', 'users'] },
];

function featureZones() {
  const zones = [];
  for (const { root, only } of FEATURE_ROOTS) {
    const features = only ?? readdirSync(new URL(root, import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const target of features) {
      for (const from of features) {
        if (from === target) continue;
        zones.push({
          target: `./${root}/${target}`,
          from: `./${root}/${from}`,
          except: ['./index.ts'],
          message: `Feature "${target}" may not import the internals of feature "${from}": use its index.ts, or compose them in a route.`,
        });
      }
    }
  }
  return zones;
}

/** Shared folders of the front ends never import a feature. */
const SHARED_ZONES = [
  { target: './libs/web/src', from: './shell/src' },
  { target: './libs/web/src', from: './mfe-customer/src' },
  { target: './libs/web/src', from: './mfe-carrier/src' },
  { target: './libs/web/src', from: './mfe-admin/src' },
  { target: ['./shell/src/routing', './shell/src/remotes', './shell/src/layout'], from: './shell/src/features' },
  { target: ['./mfe-admin/src/api', './mfe-admin/src/shared'], from: './mfe-admin/src', except: ['./api', './shared'] },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/.nx', 'data/**', 'e2e/artifacts/**'],
  },
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'], conditionNames: ['types', 'import', 'node', 'default'] })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...featureZones(), ...SHARED_ZONES] }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'] },
            { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:contracts', 'type:web'] },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:contracts', 'type:web'] },
            {
              sourceTag: 'type:composition',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:service'],
            },
            { sourceTag: 'type:test', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:composition'] },
            // The release tooling (deploy/src/remote-release.ts) reads the release file shapes and the apps' build config.
            { sourceTag: 'type:deploy', onlyDependOnLibsWithTags: ['type:contracts', 'type:web'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Query keys come from one place (libs/web/src/query/query-keys.ts), so a mutation or a live event invalidates
    // exactly what it names, in the shell and in every remote.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'libs/web/src/query/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Use a key from queryKeys (libs/web/src/query/query-keys.ts).' },
      ],
    },
  },
  {
    // Services refuse through the domain error catalog (libs/contracts error-catalog.ts): `throw domainError(code)`.
    // A throw site never picks an HTTP status or a text of its own.
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='AppError'][property.name=/^(badRequest|unauthorized|forbidden|notFound|conflict|unprocessable|tooManyRequests|unavailable)$/]",
          message: 'Refuse with domainError(code) from the error catalog, not AppError.<status>(…).',
        },
        { selector: "NewExpression[callee.name='AppError']", message: 'Refuse with domainError(code) from the error catalog, not new AppError(…).' },
      ],
    },
  },
  {
    // Tool configuration may share the workspace's presets (vitest.service.config.ts); it is not product code.
    files: ['**/vitest.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
