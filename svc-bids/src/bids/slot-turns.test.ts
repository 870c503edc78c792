/**
 * The queue in front of the slot transaction, without a database: what runs when, and who is told "full" without a
 * turn. The race suites (race.test.ts) show the same end to end on PGlite and PostgreSQL.
 */
import { messages } from '@fragtbud/contracts';
import { AppError } from '@fragtbud/platform';
import { describe, expect, it } from 'vitest';
import { bidLimitReached, slotTurns } from './slot-turns';

/** A turn that runs until the test ends it. */
function heldTurn<T>() {
  let end!: (outcome: { value: T } | { error: unknown }) => void;
  const ended = new Promise<{ value: T } | { error: unknown }>((resolve) => {
    end = resolve;
  });
  const turn = {
    started: false,
    run: async (): Promise<T> => {
      turn.started = true;
      const outcome = await ended;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    succeed: (value: T) => end({ value }),
    fail: (error: unknown) => end({ error }),
  };
  return turn;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'placed', (error: unknown) => (error as AppError).code);

/**
 * A first turn that ends with `error`, and a second bid (under `maxBids`, queued at once or only once the first turn
 * is under way) that succeeds if it gets a turn: what each was told, and whether the second had a turn.
 */
async function twoBids(error: AppError, second: { maxBids: number; queued: 'at once' | 'during the first turn' }) {
  const inTurn = slotTurns();
  const [firstTurn, secondTurn] = [heldTurn<string>(), heldTurn<string>()];
  const first = codeOf(inTurn(1, 5, firstTurn.run));
  if (second.queued === 'during the first turn') await settled();
  const next = codeOf(inTurn(1, second.maxBids, secondTurn.run));
  await settled();
  firstTurn.fail(error);
  await settled();
  secondTurn.succeed('placed');
  return { told: await Promise.all([first, next]), secondHadTurn: secondTurn.started };
}

describe('slot turns', () => {
  it('when bids on one task are queued, then each has its turn after the one before it is through, and another task does not wait', async () => {
    const inTurn = slotTurns();
    const [first, second, otherTask] = [heldTurn<string>(), heldTurn<string>(), heldTurn<string>()];
    const placed = [inTurn(1, 5, first.run), inTurn(1, 5, second.run), inTurn(2, 5, otherTask.run)];
    await settled();
    expect([first.started, second.started, otherTask.started]).toEqual([true, false, true]);

    first.succeed('a');
    await settled();
    expect(second.started).toBe(true);
    second.succeed('b');
    otherTask.succeed('c');
    expect(await Promise.all(placed)).toEqual(['a', 'b', 'c']);
  });

  it('when a turn is refused because every slot is held, then the bids already waiting behind it hear the same without a turn of their own', async () => {
    expect(await twoBids(bidLimitReached(), { maxBids: 5, queued: 'at once' })).toEqual({
      told: ['bid_limit_reached', 'bid_limit_reached'],
      secondHadTurn: false,
    });
  });

  it.each([
    ['a bid queues while the refused turn is under way (the refusal may be older than the bid)', { maxBids: 5, queued: 'during the first turn' }],
    ['a waiting bid counts under a higher limit than the refused turn', { maxBids: 6, queued: 'at once' }],
  ] as const)('when %s, then it has a turn of its own', async (_, second) => {
    expect(await twoBids(bidLimitReached(), second)).toEqual({ told: ['bid_limit_reached', 'placed'], secondHadTurn: true });
  });

  it('when a turn fails for another reason, then the next bid has its turn', async () => {
    expect(await twoBids(AppError.conflict(messages.alreadyBidOnTask, 'already_bid'), { maxBids: 5, queued: 'at once' })).toEqual({
      told: ['already_bid', 'placed'],
      secondHadTurn: true,
    });
  });
});
