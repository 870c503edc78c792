/**
 * `npm run build` for the embedded topology (what `npm start` runs):
 *  - dist/main.js: src/main.ts and every workspace package it imports bundled into one ES module, npm packages left
 *    external — Node loads it directly, without transpiling TypeScript at start-up;
 *  - dist/pglite-template/: a PGlite data directory with every service's schema migrated. A new data directory
 *    starts as a copy of it instead of running initdb and six services' migrations (both seconds of WebAssembly
 *    work, and the memory they leave behind). Migrations still run at start: new ones apply on top.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { createDatabase, migrate, openPglite } from '@fragtbud/platform';
import { embeddedServices } from '../src/topology';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
mkdirSync(dist, { recursive: true });

const started = Date.now();
const rootPackage = JSON.parse(readFileSync(path.join(root, '..', 'package.json'), 'utf-8')) as Record<string, Record<string, string> | undefined>;
const npmPackages = Object.keys({ ...rootPackage.dependencies, ...rootPackage.devDependencies });
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: npmPackages.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});

const template = path.join(dist, 'pglite-template');
rmSync(template, { recursive: true, force: true });
const shared = await openPglite(template);
try {
  for (const definition of embeddedServices) {
    const database = await createDatabase({ pglite: shared, schema: definition.name });
    await migrate(database, definition.migrations ?? []);
    await database.close();
  }
} finally {
  await shared.close();
}
process.stdout.write(`embedded: dist/main.js and dist/pglite-template/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
