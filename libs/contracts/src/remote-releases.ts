import { z } from 'zod';

/*
 * Releasing one remote (mfe-customer, mfe-carrier, mfe-admin) while everything runs: `npm run remote:publish`
 * writes a version folder with its contract.json and points REMOTES_DIR/manifest.json at it; the gateway turns that
 * file into the manifest the shell reads (GET /mf-manifest.json). The three shapes live here so the publishing
 * script, the gateway and the shell read one definition.
 */

/** The remotes' folder names (URLs, REMOTES_DIR) and their Module Federation container names. */
export const remoteFolders = ['mfe-customer', 'mfe-carrier', 'mfe-admin'] as const;
export type RemoteFolder = (typeof remoteFolders)[number];
export const remoteContainerOf = {
  'mfe-customer': 'mfe_customer',
  'mfe-carrier': 'mfe_carrier',
  'mfe-admin': 'mfe_admin',
} as const satisfies Record<RemoteFolder, string>;
export type RemoteContainer = (typeof remoteContainerOf)[RemoteFolder];

/** A release's version as it appears in paths: `0.1.0-3f2a9c1`; no slashes, no dot-only names. */
export const remoteVersionSchema = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]{0,79}$/, 'a version is letters, digits and . _ + - (at most 80)')
  .refine((value) => !value.includes('..'), 'a version may not contain ..');

/** REMOTES_DIR/<name>/<version>/contract.json: what this build of the remote is and needs. */
export const remoteContractFileSchema = z.object({
  name: z.enum(remoteFolders),
  container: z.string(),
  version: remoteVersionSchema,
  /** The props contract the remote implements (its src/contract.ts `contractVersion`); the shell hosts one per remote. */
  contractVersion: z.number().int().positive(),
  /** Its exposed modules, `./App`, `./BidPanel`, … */
  exposes: z.array(z.string()),
  /** Shared singletons it was built against: share key → `{ version, requiredVersion }`. */
  shared: z.record(z.string(), z.object({ version: z.string(), requiredVersion: z.string() })),
  publishedAt: z.string(),
});
export type RemoteContractFile = z.infer<typeof remoteContractFileSchema>;

/**
 * REMOTES_DIR/manifest.json: per remote the version in use and the versions that were in use before it, most recent
 * first (`history[0] === current`). Written whole to a temporary file and renamed, so a reader never sees half of it.
 */
export const remotesManifestFileSchema = z.object({
  remotes: z.partialRecord(
    z.enum(remoteFolders),
    z.object({ current: remoteVersionSchema, history: z.array(remoteVersionSchema) }),
  ),
});
export type RemotesManifestFile = z.infer<typeof remotesManifestFileSchema>;

/** One published release as the shell sees it. */
export const remoteReleaseSchema = z.object({
  version: remoteVersionSchema,
  entry: z.string(),
  contractVersion: z.number().int().positive(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/**
 * GET /mf-manifest.json. `remotes`: where each remote's remoteEntry.js is now. `releases` (only for remotes that were
 * ever published): the current release first, then the ones in use before it; the shell takes the first whose
 * contract it hosts.
 */
export const servedRemoteManifestSchema = z.object({
  remotes: z.partialRecord(z.enum(['mfe_customer', 'mfe_carrier', 'mfe_admin']), z.string()),
  releases: z.partialRecord(z.enum(['mfe_customer', 'mfe_carrier', 'mfe_admin']), z.array(remoteReleaseSchema)).optional(),
});
export type ServedRemoteManifest = z.infer<typeof servedRemoteManifestSchema>;
