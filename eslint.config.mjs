import nx from '@nx/eslint-plugin';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

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
      'import-x/resolver-next': [createNodeResolver({ conditionNames: ['types', 'import', 'node', 'default'] })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
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
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
