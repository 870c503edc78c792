import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteContractModule } from '@fragtbud/web/remote-contract';
import { hostedContractVersions } from './hosted-contracts';
import { chooseRemoteEntry, getRemoteManifest, RemoteContractError, type RemoteName } from './remote-manifest';

export interface RemoteAppModule<P> {
  default: ComponentType<P>;
}

/** A loaded module with the props contract of the release it came from. */
export interface LoadedRemoteModule<P> extends RemoteAppModule<P> {
  contract: RemoteContractModule;
}

/**
 * What a remote exposes for the shell to mount: every remote's `./App` (a routed page), plus the pieces of the task
 * page — mfe_carrier's `./BidPanel` and `./CarrierBids`, mfe_customer's `./ChooseBid` and `./PayPanel`, mfe_admin's
 * `./AdminTaskControls` and `./AdminBids`. Each remote also exposes `./contract`, its props contract (loaded with the
 * module, see `loadRemoteContract`).
 */
export type ExposedModule =
  | 'App'
  | 'BidPanel'
  | 'CarrierBids'
  | 'ChooseBid'
  | 'PayPanel'
  | 'DeliveryPanel'
  | 'FinancePanel'
  | 'PaymentsPanel'
  | 'AlertsPanel'
  | 'SaveAlertButton'
  | 'VehiclesPanel'
  | 'BankPanel'
  | 'InsurancePanel'
  | 'CvrPanel'
  | 'TaskActions'
  | 'RecentTasks'
  | 'Review'
  | 'AdminTaskControls'
  | 'AdminBids';

const registered = new Map<RemoteName, string>();
/** Loads under way, per `remote/module`: a render React throws away and starts again must not load a second time. */
const loading = new Map<string, Promise<unknown>>();

/**
 * Registers one remote from the manifest (only when a route needs it) and loads one module it exposes (default
 * `./App`). `afterFailure` re-registers with `force`, which drops the runtime's cached failed remoteEntry so a retry
 * really fetches it again. Calls while a load of the same module is under way share it (a transition can render a
 * suspended page twice before it commits); a failed load is forgotten, so a retry starts afresh.
 */
export function loadRemoteApp<P>(name: RemoteName, options: { afterFailure?: boolean; module?: ExposedModule } = {}): Promise<LoadedRemoteModule<P>> {
  return once(`${name}/${options.module ?? 'App'}`, async () => {
    await register(name, options.afterFailure);
    const exposed = options.module ?? 'App';
    const [module, contract] = await Promise.all([loadRemote<RemoteAppModule<P>>(`${name}/${exposed}`), loadRemoteContract(name)]);
    if (!module || typeof module.default !== 'function') throw new Error(`${name}/${exposed} has no default export`);
    return { default: module.default, contract };
  });
}

/**
 * The remote's own props contract (`./contract`), loaded with the first module from the same registered release.
 * Its version must be the one this shell hosts: a remote whose release carried no contract.json (the built-in
 * builds) is checked here rather than from the manifest.
 */
function loadRemoteContract(name: RemoteName): Promise<RemoteContractModule> {
  return once(`${name}/contract`, async () => {
    const contract = await loadRemote<RemoteContractModule>(`${name}/contract`);
    if (!contract || typeof contract.assertProps !== 'function') throw new Error(`${name}/contract has no assertProps`);
    if (contract.contractVersion !== hostedContractVersions[name]) {
      throw new RemoteContractError(`${name} implements contract version ${contract.contractVersion}; this shell hosts ${hostedContractVersions[name]}`);
    }
    return contract;
  });
}

function once<T>(key: string, start: () => Promise<T>): Promise<T> {
  const pending = loading.get(key);
  if (pending) return pending as Promise<T>;
  const load = start().finally(() => {
    if (loading.get(key) === load) loading.delete(key);
  });
  loading.set(key, load);
  return load;
}

async function register(name: RemoteName, afterFailure = false): Promise<void> {
  const { entry } = chooseRemoteEntry(await getRemoteManifest(), name);
  if (registered.get(name) !== entry || afterFailure) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
}
