/**
 * Compiles the back end for production: each service's and the gateway's `src/main.ts` into one ES module in
 * `dist/server/<project>.js` (the workspace libraries inlined, npm packages left to node_modules), so production
 * runs `node dist/server/svc-tasks.js`, not tsx. `npm run build:server`.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const projects = ['gateway', 'svc-identity', 'svc-tasks', 'svc-bids', 'svc-payments', 'svc-chat', 'svc-ledger'];
const rootPackage = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
// Every npm dependency stays external (native modules, assets read from their package directories).
const external = Object.keys(rootPackage.dependencies).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: Object.fromEntries(projects.map((project) => [project, `${project}/src/main.ts`])),
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  // Bundled CommonJS helpers still call require(): give them one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
process.stdout.write(`built ${projects.length} entries into dist/server\n`);
