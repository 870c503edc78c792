import type { Db } from '../context';

export type ProjectedBidStatus = 'pending' | 'accepted' | 'rejected';

export interface ProjectedBid {
  bid_id: number;
  task_id: number;
  carrier_id: number;
  status: ProjectedBidStatus;
  total_ore: number;
  /** Rejected because another bid was chosen (it held a slot at the choice, so it still counts while that stands). */
  lost_to_choice: boolean;
  /** The event's aggregate version; null when the event had none (recorded before versions existed). */
  version: number | null;
}

/**
 * Records a bid, or what changed about it; a rejected bid stays rejected and an event older than the one applied
 * (a late redelivery, a replay) changes nothing — a late event cannot put old state back.
 */
export async function saveProjectedBid(db: Db, bid: ProjectedBid, now: Date): Promise<void> {
  const known = await db('task_bids').where({ bid_id: bid.bid_id }).forUpdate().first();
  if (!known) {
    await db('task_bids').insert({ ...bid, updated_at: now }).onConflict('bid_id').ignore();
    return;
  }
  if (known.status === 'rejected') return;
  if (bid.version !== null && known.version !== null && Number(known.version) >= bid.version) return;
  await db('task_bids')
    .where({ bid_id: bid.bid_id })
    .update({ status: bid.status, total_ore: bid.total_ore, lost_to_choice: bid.lost_to_choice, updated_at: now, ...(bid.version !== null ? { version: bid.version } : {}) });
}

/** A carrier has bid on the task (whatever became of the bid): for `available=true` and a carrier's `mine`. */
export async function recordTaskBidder(db: Db, taskId: number, carrierId: number): Promise<void> {
  await db('task_bidders').insert({ task_id: taskId, carrier_id: carrierId }).onConflict(['task_id', 'carrier_id']).ignore();
}

/**
 * bid_count and lowest_bid_ore worked out again from the task's pending and accepted bids. Once a bid is chosen the
 * count is what the round counted at the choice (svc-bids' `bidding.bid_count`): the chosen bid and those it beat.
 */
export async function recountBids(db: Db, taskId: number): Promise<void> {
  const active = () => db('task_bids').where({ task_id: taskId }).whereIn('status', ['pending', 'accepted']);
  const chosen = await db('task_bids').where({ task_id: taskId, status: 'accepted' }).first('bid_id');
  const counted = (await (chosen
    ? db('task_bids')
        .where({ task_id: taskId })
        .andWhere((where) => where.where({ status: 'accepted' }).orWhere({ status: 'rejected', lost_to_choice: true }))
    : active()
  )
    .count({ count: '*' })
    .first()) as { count: number | string } | undefined;
  const lowest = (await active().min({ lowest: 'total_ore' }).first()) as { lowest: number | string | null } | undefined;
  await db('tasks')
    .where({ id: taskId })
    .update({
      bid_count: Number(counted?.count ?? 0),
      lowest_bid_ore: lowest?.lowest === null || lowest?.lowest === undefined ? null : Number(lowest.lowest),
    });
}

export async function saveBidLimit(db: Db, taskId: number, maxBids: number): Promise<void> {
  await db('tasks').where({ id: taskId }).update({ bid_limit: maxBids });
}
