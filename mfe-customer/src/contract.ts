import { z } from 'zod';
import { bidViewSchema, taskStatusSchema } from '@fragtbud/contracts';
import type { ChooseBidProps, PayPanelProps, ReviewProps } from '@fragtbud/web';
import { callbackProp, defineRemoteContract, type PropsFit } from '@fragtbud/web/remote-contract';

/**
 * mfe_customer's props contract, exposed as `./contract`: what the shell must hand each exposed module. Raise
 * `contractVersion` (and the shell's hosted version with it) when a change breaks a shell built before it; the
 * publish script writes it into contract.json. Checked by the shell before it mounts a module.
 */
export const contractVersion = 2;

const taskRef = z.object({ id: z.number().int().positive(), status: taskStatusSchema });
const chooseBid = z.object({ task: taskRef, bids: z.array(bidViewSchema).readonly(), onDecided: callbackProp });
const payPanel = z.object({ task: taskRef, onPaid: callbackProp });
const review = z.object({ task: taskRef });

// Compile-time: what libs/web's props types allow must pass these schemas.
const fits: [PropsFit<ChooseBidProps, typeof chooseBid>, PropsFit<PayPanelProps, typeof payPanel>, PropsFit<ReviewProps, typeof review>] = [true, true, true];
void fits;

const contract = defineRemoteContract(contractVersion, {
  App: z.object({}),
  ChooseBid: chooseBid,
  PayPanel: payPanel,
  PaymentsPanel: z.object({}),
  // Version 2: the owner's review of the carrier moved out of the shell.
  Review: review,
});

export const props = contract.props;
export const assertProps = contract.assertProps;
