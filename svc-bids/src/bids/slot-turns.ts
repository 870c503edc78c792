
import { domainError } from '@fragtbud/platform';

export const bidLimitReached = () => domainError('bid_limit_reached');

/** What a turn decided for one of its bids. */
export type TurnOutcome<R> = { placed: R } | { refused: unknown };

/** Decides every bid of one turn together (one transaction): an outcome per entry, in the order given. */
export type Turn<E, R> = (taskId: number, maxBids: number, entries: E[]) => Promise<TurnOutcome<R>[]>;

/** Queues a bid on a task for the next turn under its limit; settles with what that turn decided. */
export type SlotTurns<E, R> = (taskId: number, maxBids: number, entry: E) => Promise<R>;

interface Waiting<E, R> {
  entry: E;
  maxBids: number;
  resolve: (placed: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Bids on one task placed through this process go to the database in turns, one turn at a time, and each turn takes
 * every bid that queued while the turn before it ran (group commit): a race of 50 bids is a handful of transactions,
 * not 50, and the bids beyond the last free slot are refused by the same transaction that filled it. The task's row
 * lets only one transaction take slots at a time anyway; waiting here keeps each waiting bid from holding a pooled
 * connection and a transaction of its own. A bid that comes while a turn runs waits for the next one, which asks the
 * database again; other processes queue on the row. A turn takes the bids under the same limit as the first one
 * waiting; bids under another limit keep their place for the turn after.
 */
export function slotTurns<E, R>(turn: Turn<E, R>): SlotTurns<E, R> {
  const queues = new Map<number, Waiting<E, R>[]>();

  async function drain(taskId: number, waiting: Waiting<E, R>[]): Promise<void> {
    for (let first = waiting[0]; first; first = waiting[0]) {
      const { maxBids } = first;
      const batch = waiting.filter((queued) => queued.maxBids === maxBids);
      waiting.splice(0, waiting.length, ...waiting.filter((queued) => queued.maxBids !== maxBids));
      await settle(batch, () => turn(taskId, maxBids, batch.map((queued) => queued.entry)));
    }
    queues.delete(taskId);
  }

  return (taskId, maxBids, entry) =>
    new Promise<R>((resolve, reject) => {
      const waiting = queues.get(taskId);
      if (waiting) {
        waiting.push({ entry, maxBids, resolve, reject });
        return;
      }
      const started = [{ entry, maxBids, resolve, reject }];
      queues.set(taskId, started);
      void drain(taskId, started);
    });
}

async function settle<E, R>(batch: Waiting<E, R>[], run: () => Promise<TurnOutcome<R>[]>): Promise<void> {
  let outcomes: TurnOutcome<R>[];
  try {
    outcomes = await run();
  } catch (error) {
    for (const queued of batch) queued.reject(error);
    return;
  }
  batch.forEach((queued, i) => {
    const outcome = outcomes[i];
    if (!outcome) queued.reject(new Error('a slot turn gave no outcome for one of its bids'));
    else if ('placed' in outcome) queued.resolve(outcome.placed);
    else queued.reject(outcome.refused);
  });
}
