import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRemoteManifest, type RemoteName } from './remote-manifest';

export interface RemoteAppModule<P> {
  default: ComponentType<P>;
}

const registered = new Map<RemoteName, string>();

/**
 * Registers one remote from the manifest (only when a route needs it) and loads its exposed `./App`.
 * `afterFailure` re-registers with `force`, which drops the runtime's cached failed remoteEntry so a retry
 * really fetches it again.
 */
export async function loadRemoteApp<P>(name: RemoteName, options: { afterFailure?: boolean } = {}): Promise<RemoteAppModule<P>> {
  const { remotes } = await getRemoteManifest();
  const entry = remotes[name];
  if (!entry) throw new Error(`The remote manifest does not list ${name}`);

  if (registered.get(name) !== entry || options.afterFailure) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  const module = await loadRemote<RemoteAppModule<P>>(`${name}/App`);
  if (!module || typeof module.default !== 'function') throw new Error(`${name}/App has no default export`);
  return module;
}
