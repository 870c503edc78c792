import { z } from 'zod';
import { taskStatusSchema } from '@fragtbud/contracts';
import type { AdminTaskControlsProps } from '@fragtbud/web';
import { callbackProp, defineRemoteContract, type PropsFit } from '@fragtbud/web/remote-contract';

/**
 * mfe_admin's props contract, exposed as `./contract`: what the shell must hand each exposed module. Raise
 * `contractVersion` (and the shell's hosted version with it) when a change breaks a shell built before it; the
 * publish script writes it into contract.json. Checked by the shell before it mounts a module.
 */
export const contractVersion = 1;

const taskRef = z.object({ id: z.number().int().positive(), status: taskStatusSchema, paid_at: z.string().nullable().optional() });
const adminTaskControls = z.object({ task: taskRef, onChanged: callbackProp });

// Compile-time: what libs/web's props types allow must pass these schemas.
const fits: [PropsFit<AdminTaskControlsProps, typeof adminTaskControls>] = [true];
void fits;

const contract = defineRemoteContract(contractVersion, { App: z.object({}), AdminTaskControls: adminTaskControls });

export const props = contract.props;
export const assertProps = contract.assertProps;
