import { messages } from '@fragtbud/contracts';
import { AppError } from '@fragtbud/platform';

export const bidLimitReached = () => AppError.conflict(messages.bidLimitReached, 'bid_limit_reached');

const isLimitReached = (error: unknown) => error instanceof AppError && error.code === 'bid_limit_reached';

interface Queue {
  /** Settles when the last bid queued so far has had its turn. */
  tail: Promise<void>;
  lastTicket: number;
  /** Bids queued and not yet through; the queue is dropped at 0. */
  queued: number;
  /** The last turn refused because every slot was held: under `maxBids`, and while bids up to `through` were queued. */
  refusal?: { maxBids: number; through: number };
}

/**
 * Bids on one task placed through this process take their slot transaction one at a time. The task's row lets only
 * one of them take a slot at a time anyway; waiting here instead keeps each waiting bid from holding a pooled
 * connection and a transaction of its own. When the database refuses a turn because every slot is held, the bids
 * that were already queued behind it (under a limit no higher) are told the same at once: the database said so while
 * they waited. A bid queued after that asks the database itself, and other processes queue on the row as before.
 */
export function slotTurns() {
  const queues = new Map<number, Queue>();

  return async function inTurn<T>(taskId: number, maxBids: number, turn: () => Promise<T>): Promise<T> {
    const queue = queues.get(taskId) ?? { tail: Promise.resolve(), lastTicket: 0, queued: 0 };
    queues.set(taskId, queue);
    const ticket = ++queue.lastTicket;
    queue.queued += 1;
    const ahead = queue.tail;
    let done!: () => void;
    queue.tail = new Promise((resolve) => {
      done = resolve;
    });
    try {
      await ahead;
      const { refusal } = queue;
      if (refusal && ticket <= refusal.through && maxBids <= refusal.maxBids) throw bidLimitReached();
      const queuedBehind = queue.lastTicket;
      try {
        return await turn();
      } catch (error) {
        if (isLimitReached(error)) queue.refusal = { maxBids, through: queuedBehind };
        throw error;
      }
    } finally {
      done();
      queue.queued -= 1;
      if (queue.queued === 0) queues.delete(taskId);
    }
  };
}

export type SlotTurns = ReturnType<typeof slotTurns>;
