import type { BidView, CarrierBid, CarrierSummary, Task, TaskBidding } from '@fragtbud/contracts';

/*
 * What the shell hands the remote pieces it mounts on the task page's bids tab. Both sides import these types from
 * here, so a change is a compile error on both sides rather than a silent mismatch between deployments.
 */

export type BidTaskRef = Pick<Task, 'id' | 'status'>;

/**
 * The search parameter that opens mfe_carrier's 'Ret bud' modal on the bids tab (`?tab=bids&bud=ret`): `./CarrierBids`
 * links to it from the carrier's own pending bid, and `./BidPanel` opens the modal while it is there.
 */
export const EDIT_BID_PARAM = 'bud';
export const EDIT_BID_VALUE = 'ret';

/** mfe_carrier `./BidPanel`: the carrier's 'Byd på opgaven' button and modal, or why they cannot bid. */
export interface BidPanelProps {
  task: BidTaskRef;
  /** The bidding round (count, limit, open) from the bids list; null when the list did not say. */
  bidding: TaskBidding | null;
  /** The carrier's own bid on the task, if they have one. */
  ownBid: CarrierBid | null;
  /** A bid was placed, or the server said the round changed (closed, full): the shell reloads the task and bids. */
  onChanged: () => void;
}

/**
 * mfe_carrier `./CarrierBids`: the carrier's own bids on the bids tab (svc-bids lists a carrier only theirs), with
 * 'Ret bud' on their pending bid while the round is open, or that they have not bid.
 */
export interface CarrierBidsProps {
  task: BidTaskRef;
  /**
   * The bids to show (already filtered and sorted by the shell's filter box and sort choice). Empty only when the
   * carrier has no bid on the task: when the filter hides every bid the shell says so itself and mounts nothing.
   */
  bids: readonly BidView[];
  /** The bidders' public profiles by carrier id (stars, reviews, completed tasks, badges). */
  carriers?: ReadonlyMap<number, CarrierSummary>;
}

/** mfe_customer `./ChooseBid`: the task owner's bids table with 'Vælg bud' and 'Afvis'. */
export interface ChooseBidProps {
  task: BidTaskRef;
  /** The bids to show (already filtered and sorted by the shell's filter box and sort choice). */
  bids: readonly BidView[];
  /** The bidders' public profiles by carrier id (stars, reviews, completed tasks, badges); optional for older shells. */
  carriers?: ReadonlyMap<number, CarrierSummary>;
  /** A bid was accepted or rejected: the shell reloads the task and bids. */
  onDecided: (bid: BidView) => void;
  /** A bid's price changed after it was shown and nothing was chosen: the shell reloads the bids. */
  onBidsStale?: () => void;
}

/** mfe_admin `./AdminBids`: an admin's bids table with the full breakdown, 'Vælg bud' and 'Afvis' (spec section 6). */
export interface AdminBidsProps {
  task: BidTaskRef;
  /** The bids to show (already filtered and sorted by the shell's filter box and sort choice). */
  bids: readonly BidView[];
  /** Whether any of the task's bids is chosen, also one the filter hides: then no bid can be chosen or rejected. */
  anyAccepted: boolean;
  /** The bidders' public profiles by carrier id (stars, reviews, completed tasks, badges). */
  carriers?: ReadonlyMap<number, CarrierSummary>;
  /** A bid was accepted or rejected: the shell reloads the task and bids. */
  onDecided: (bid: BidView) => void;
  /** A bid's price changed after it was shown and nothing was chosen: the shell reloads the task and bids. */
  onBidsStale: () => void;
}

/** mfe_carrier `./TaskActions`: the carrier's part of the task page's 'Handlinger' (whether and where to bid). */
export interface CarrierTaskActionsProps {
  task: BidTaskRef;
}

/** mfe_carrier `./RecentTasks`: the carrier's newest tasks on the dashboard, with their own payout per task. */
export interface CarrierRecentTasksProps {
  /** Where 'Se alle N opgaver →' leads. */
  allHref: string;
}

/** mfe_customer `./PayPanel`: the task owner's 'Betal' button and payment modal. */
export interface PayPanelProps {
  task: BidTaskRef;
  /** The task is paid: reload it (the progress bar then shows Betalt). */
  onPaid: () => void;
}
