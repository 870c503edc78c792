/**
 * Fails (exit 1) when a file whose name looks like a secret (.env*, keys, credential files) would be sent to
 * `docker build .`, honouring .dockerignore the way Docker does. Runs in CI without Docker (.ci/run) and before
 * deploy/build-images.sh builds. `node --import tsx scripts/check-build-context.ts [context-dir]`
 */
import path from 'node:path';
import { buildContextFiles, secretsInBuildContext } from '../deploy/src/build-context';

const root = path.resolve(process.argv[2] ?? '.');
const secrets = secretsInBuildContext(root);
if (secrets.length > 0) {
  process.stderr.write(
    `Hemmeligheder i Docker-byggekonteksten / secrets in the Docker build context (${root}); add them to .dockerignore:\n` +
      secrets.map((file) => `  ${file}\n`).join(''),
  );
  process.exit(1);
}
process.stdout.write(`build context clean: ${buildContextFiles(root).length} files, none secret-looking\n`);
