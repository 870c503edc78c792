import { z } from 'zod';
import { bidViewSchema, carrierBidSchema, taskBiddingSchema, taskStatusSchema, taskTypeSchema } from '@fragtbud/contracts';
import type { BidPanelProps, ChooseBidProps, DeliveryPanelProps, PayPanelProps, SaveAlertButtonProps } from '@fragtbud/web';
import type { ExposedModule } from './load-remote-app';

/*
 * The props the shell hands each exposed module, checked at the mount point with the same contract schemas the
 * services answer with. libs/web's remote-props types make a mismatch a compile error inside one build; this
 * catches it between deployments, when a remote released alone expects props the running shell does not give.
 * Loaded with the remote, never on the shell's first load.
 */
const taskRef = z.object({ id: z.number().int().positive(), status: taskStatusSchema });
const callback = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a function');

const bidPanel = z.object({
  task: taskRef,
  bidding: taskBiddingSchema.nullable(),
  ownBid: carrierBidSchema.nullable(),
  onChanged: callback,
});
const chooseBid = z.object({ task: taskRef, bids: z.array(bidViewSchema).readonly(), onDecided: callback });
const payPanel = z.object({ task: taskRef, onPaid: callback });
const deliveryPanel = z.object({ task: taskRef, onChanged: callback });
const saveAlertButton = z.object({ filters: z.object({ type: z.union([taskTypeSchema, z.literal('')]) }) });

/**
 * Compile-time guard: whatever the props types in libs/web allow must pass these schemas, so changing a type
 * (dropping or renaming a prop) without changing its schema here is a type error, not a remote refused at run time.
 */
type Fits<Props, Schema extends z.ZodType> = Props extends z.input<Schema> ? true : never;
const fits: [
  Fits<BidPanelProps, typeof bidPanel>,
  Fits<ChooseBidProps, typeof chooseBid>,
  Fits<PayPanelProps, typeof payPanel>,
  Fits<DeliveryPanelProps, typeof deliveryPanel>,
  Fits<SaveAlertButtonProps, typeof saveAlertButton>,
] = [true, true, true, true, true];
void fits;

const contracts: Record<ExposedModule, z.ZodType> = {
  App: z.object({}),
  BidPanel: bidPanel,
  ChooseBid: chooseBid,
  PayPanel: payPanel,
  DeliveryPanel: deliveryPanel,
  FinancePanel: z.object({}),
  PaymentsPanel: z.object({}),
  AlertsPanel: z.object({}),
  VehiclesPanel: z.object({}),
  SaveAlertButton: saveAlertButton,
};

export class RemotePropsError extends Error {
  override readonly name = 'RemotePropsError';
}

/** Throws (so the remote's error boundary shows the Danish fallback) when `props` break the module's contract. */
export function assertRemoteProps(module: ExposedModule, props: unknown): void {
  const result = contracts[module].safeParse(props ?? {});
  if (!result.success) {
    throw new RemotePropsError(`Props for ./${module} break the contract: ${z.prettifyError(result.error)}`);
  }
}
