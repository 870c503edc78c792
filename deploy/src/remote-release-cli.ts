import { parseArgs } from 'node:util';
import { createRemoteBucket, remoteBucketFromEnv } from '@fragtbud/platform';
import { parseRemoteName, publishRemote, ReleaseError, remotesDirFrom, rollbackRemote } from './remote-release';

/*
 * npm run remote:publish -- <mfe-customer|mfe-carrier|mfe-admin> [--version V] [--from-dist DIR]
 * npm run remote:rollback -- <name> <version>
 * REMOTES_DIR (default <DATA_DIR>/remotes, i.e. data/remotes) must be the folder the gateway reads.
 */
const [command, ...rest] = process.argv.slice(2);
const remotesDir = remotesDirFrom(process.env);
// REMOTES_S3_BUCKET: releases go to object storage, where every gateway replica pulls them from.
const bucketConfig = remoteBucketFromEnv(process.env);
const bucket = bucketConfig ? createRemoteBucket(bucketConfig) : undefined;

try {
  if (command === 'publish') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { version: { type: 'string' }, 'from-dist': { type: 'string' }, 'contract-version': { type: 'string' } },
    });
    const contractVersion = values['contract-version'] === undefined ? undefined : Number(values['contract-version']);
    if (contractVersion !== undefined && !(Number.isInteger(contractVersion) && contractVersion > 0)) {
      throw new ReleaseError('--contract-version takes a positive whole number');
    }
    const result = await publishRemote({
      name: parseRemoteName(positionals[0]),
      remotesDir,
      version: values.version,
      fromDist: values['from-dist'],
      contractVersion,
      bucket,
    });
    process.stdout.write(`published ${result.name} ${result.version} (contract ${result.contract.contractVersion}) in ${result.dir}; it is current\n`);
  } else if (command === 'rollback') {
    const name = parseRemoteName(rest[0]);
    if (!rest[1]) throw new ReleaseError('Name the version to roll back to: npm run remote:rollback -- <name> <version>');
    await rollbackRemote({ name, version: rest[1], remotesDir, bucket });
    process.stdout.write(`${name} ${rest[1]} is current again in ${bucket?.describe() ?? remotesDir}\n`);
  } else {
    throw new ReleaseError('Usage: remote-release-cli.ts publish <name> [--version V] [--from-dist DIR] | rollback <name> <version>');
  }
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
