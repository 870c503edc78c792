import type { RemoteName } from './remote-manifest';

/**
 * The version of each remote's props contract this shell hosts: it hands the props that version asks for. Each
 * remote owns its contract (`<remote>/src/contract.ts`, `contractVersion`); a published release whose contract.json
 * names another version is refused, and the shell keeps the last published release it hosts. Changed together with
 * the remote's contract (deploy/src/remote-release.test.ts checks they agree).
 */
export const hostedContractVersions: Readonly<Record<RemoteName, number>> = {
  mfe_customer: 2,
  mfe_carrier: 3,
  mfe_admin: 2,
};
