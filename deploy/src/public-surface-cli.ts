import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  currentSurface,
  formatSurface,
  recordedSurface,
  SURFACE_FILE,
  VERSIONED_LIBRARIES,
  versionProblems,
} from './public-surface';

/*
 * npm run surface:check   — each versioned library's public-surface.txt matches its exports and its version
 * npm run surface:update  — records the surface under the package's version; refuses a changed surface under a version
 *                           that was not bumped enough (add a changeset and run `npx changeset version` first)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const command = process.argv[2];
let failed = false;

for (const library of VERSIONED_LIBRARIES) {
  const dir = path.join(root, library);
  const current = currentSurface(dir);
  const recorded = recordedSurface(dir);
  const problems = recorded ? versionProblems(recorded, current) : [];
  if (command === 'update') {
    if (problems.length > 0) {
      process.stderr.write(`${problems.join('\n')}\n`);
      failed = true;
      continue;
    }
    writeFileSync(path.join(dir, SURFACE_FILE), formatSurface(current));
    process.stdout.write(`${current.name} ${current.version}: ${current.entries.size} exports recorded in ${library}/${SURFACE_FILE}\n`);
  } else if (command === 'check') {
    const text = formatSurface(current);
    if (recorded && formatSurface(recorded) === text) {
      process.stdout.write(`${current.name} ${current.version}: public surface as recorded\n`);
      continue;
    }
    failed = true;
    process.stderr.write(
      problems.length > 0
        ? `${problems.join('\n')}\n`
        : `${current.name}: ${library}/${SURFACE_FILE} is not up to date (the version may already be bumped): run \`npm run surface:update\`\n`,
    );
  } else {
    process.stderr.write('usage: public-surface-cli.ts check|update\n');
    process.exit(2);
  }
}
process.exit(failed ? 1 : 0);
