import { z } from 'zod';
import { bidViewSchema, carrierBidSchema, taskBiddingSchema, taskStatusSchema, taskTypeSchema } from '@fragtbud/contracts';
import type {
  BidPanelProps,
  CarrierBidsProps,
  CarrierRecentTasksProps,
  CarrierTaskActionsProps,
  DeliveryPanelProps,
  ReviewProps,
  SaveAlertButtonProps,
} from '@fragtbud/web';
import { callbackProp, defineRemoteContract, type PropsFit } from '@fragtbud/web/remote-contract';

/**
 * mfe_carrier's props contract, exposed as `./contract`: what the shell must hand each exposed module. Raise
 * `contractVersion` (and the shell's hosted version with it) when a change breaks a shell built before it; the
 * publish script writes it into contract.json. Checked by the shell before it mounts a module.
 */
export const contractVersion = 3;

const taskRef = z.object({ id: z.number().int().positive(), status: taskStatusSchema });
const bidPanel = z.object({ task: taskRef, bidding: taskBiddingSchema.nullable(), ownBid: carrierBidSchema.nullable(), onChanged: callbackProp });
const carrierBids = z.object({ task: taskRef, bids: z.array(bidViewSchema).readonly() });
const deliveryPanel = z.object({ task: taskRef.extend({ paid_at: z.string().nullable().optional() }), onChanged: callbackProp });
const taskActions = z.object({ task: taskRef });
const recentTasks = z.object({ allHref: z.string() });
const review = z.object({ task: taskRef });
const saveAlertButton = z.object({ filters: z.object({ type: z.union([taskTypeSchema, z.literal('')]) }) });

// Compile-time: what libs/web's props types allow must pass these schemas.
const fits: [
  PropsFit<BidPanelProps, typeof bidPanel>,
  PropsFit<DeliveryPanelProps, typeof deliveryPanel>,
  PropsFit<SaveAlertButtonProps, typeof saveAlertButton>,
  PropsFit<CarrierTaskActionsProps, typeof taskActions>,
  PropsFit<CarrierRecentTasksProps, typeof recentTasks>,
  PropsFit<ReviewProps, typeof review>,
  PropsFit<CarrierBidsProps, typeof carrierBids>,
] = [true, true, true, true, true, true, true];
void fits;

const contract = defineRemoteContract(contractVersion, {
  App: z.object({}),
  BidPanel: bidPanel,
  DeliveryPanel: deliveryPanel,
  FinancePanel: z.object({}),
  AlertsPanel: z.object({}),
  SaveAlertButton: saveAlertButton,
  VehiclesPanel: z.object({}),
  // Version 2: the carrier's profile tabs, task actions, dashboard list and review moved out of the shell.
  BankPanel: z.object({}),
  InsurancePanel: z.object({}),
  CvrPanel: z.object({}),
  TaskActions: taskActions,
  RecentTasks: recentTasks,
  Review: review,
  // Version 3: the carrier's own bids on the bids tab ('Ret bud') moved out of the shell.
  CarrierBids: carrierBids,
});

export const props = contract.props;
export const assertProps = contract.assertProps;
