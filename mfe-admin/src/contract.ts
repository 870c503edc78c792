import { z } from 'zod';
import { bidViewSchema, taskStatusSchema } from '@fragtbud/contracts';
import type { AdminBidsProps, AdminTaskControlsProps } from '@fragtbud/web';
import { callbackProp, defineRemoteContract, type PropsFit } from '@fragtbud/web/remote-contract';

/**
 * mfe_admin's props contract, exposed as `./contract`: what the shell must hand each exposed module. Raise
 * `contractVersion` (and the shell's hosted version with it) when a change breaks a shell built before it; the
 * publish script writes it into contract.json. Checked by the shell before it mounts a module.
 */
export const contractVersion = 2;

const taskRef = z.object({ id: z.number().int().positive(), status: taskStatusSchema, paid_at: z.string().nullable().optional() });
const adminTaskControls = z.object({ task: taskRef, onChanged: callbackProp });
const adminBids = z.object({
  task: taskRef.pick({ id: true, status: true }),
  bids: z.array(bidViewSchema).readonly(),
  anyAccepted: z.boolean(),
  onDecided: callbackProp,
  onBidsStale: callbackProp,
});

// Compile-time: what libs/web's props types allow must pass these schemas.
const fits: [PropsFit<AdminTaskControlsProps, typeof adminTaskControls>, PropsFit<AdminBidsProps, typeof adminBids>] = [true, true];
void fits;

const contract = defineRemoteContract(contractVersion, {
  App: z.object({}),
  AdminTaskControls: adminTaskControls,
  // Version 2: the admin's bid decisions on the task page moved out of the shell.
  AdminBids: adminBids,
});

export const props = contract.props;
export const assertProps = contract.assertProps;
