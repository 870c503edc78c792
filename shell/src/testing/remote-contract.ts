import { hostedContractVersions } from '../remotes/hosted-contracts';
import type { RemoteName } from '../remotes/remote-manifest';

/** What a stubbed remote's `./contract` answers for `mfe_x/contract`: the version this shell hosts, props unchecked. */
export function stubRemoteContract(id: string) {
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  return { contractVersion: hostedContractVersions[name], assertProps: () => undefined };
}
