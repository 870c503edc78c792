import { z } from 'zod';
import { defineRemoteContract } from '@fragtbud/web/remote-contract';

/**
 * mfe_admin's props contract, exposed as `./contract`: its `./App` takes no props. Raise `contractVersion` (and the
 * shell's hosted version with it) when a change breaks a shell built before it; the publish script writes it into
 * contract.json. Checked by the shell before it mounts a module.
 */
export const contractVersion = 1;

const contract = defineRemoteContract(contractVersion, { App: z.object({}) });

export const props = contract.props;
export const assertProps = contract.assertProps;
