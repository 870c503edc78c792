import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRemoteManifest, type RemoteName } from './remote-manifest';

export interface RemoteAppModule<P> {
  default: ComponentType<P>;
}

/**
 * What a remote exposes for the shell to mount: every remote's `./App` (a routed page), plus the pieces of the task
 * page — mfe_carrier's `./BidPanel` and mfe_customer's `./ChooseBid` and `./PayPanel`.
 */
export type ExposedModule = 'App' | 'BidPanel' | 'ChooseBid' | 'PayPanel' | 'DeliveryPanel' | 'FinancePanel' | 'PaymentsPanel' | 'AlertsPanel' | 'SaveAlertButton' | 'VehiclesPanel';

const registered = new Map<RemoteName, string>();
/** Loads under way, per `remote/module`: a render React throws away and starts again must not load a second time. */
const loading = new Map<string, Promise<unknown>>();

/**
 * Registers one remote from the manifest (only when a route needs it) and loads one module it exposes (default
 * `./App`). `afterFailure` re-registers with `force`, which drops the runtime's cached failed remoteEntry so a retry
 * really fetches it again. Calls while a load of the same module is under way share it (a transition can render a
 * suspended page twice before it commits); a failed load is forgotten, so a retry starts afresh.
 */
export function loadRemoteApp<P>(name: RemoteName, options: { afterFailure?: boolean; module?: ExposedModule } = {}): Promise<RemoteAppModule<P>> {
  const key = `${name}/${options.module ?? 'App'}`;
  const pending = loading.get(key);
  if (pending) return pending as Promise<RemoteAppModule<P>>;
  const load = loadOnce<P>(name, options).finally(() => {
    if (loading.get(key) === load) loading.delete(key);
  });
  loading.set(key, load);
  return load;
}

async function loadOnce<P>(name: RemoteName, options: { afterFailure?: boolean; module?: ExposedModule }): Promise<RemoteAppModule<P>> {
  const { remotes } = await getRemoteManifest();
  const entry = remotes[name];
  if (!entry) throw new Error(`The remote manifest does not list ${name}`);

  if (registered.get(name) !== entry || options.afterFailure) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  const exposed = options.module ?? 'App';
  const module = await loadRemote<RemoteAppModule<P>>(`${name}/${exposed}`);
  if (!module || typeof module.default !== 'function') throw new Error(`${name}/${exposed} has no default export`);
  return module;
}
