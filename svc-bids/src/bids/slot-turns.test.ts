/**
 * The queue in front of the slot transaction, without a database: which bids share a turn, what runs when, and what
 * each bid is told. The race suites (race.test.ts) show the same end to end on PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { bidLimitReached, slotTurns, type TurnOutcome } from './slot-turns';

interface Call {
  taskId: number;
  maxBids: number;
  entries: string[];
  end: (outcomes: TurnOutcome<string>[] | Error) => void;
}

/** A turn function that records each call and runs until the test ends it. */
function heldTurns() {
  const calls: Call[] = [];
  const turn = (taskId: number, maxBids: number, entries: string[]) =>
    new Promise<TurnOutcome<string>[]>((resolve, reject) => {
      calls.push({ taskId, maxBids, entries, end: (outcomes) => (outcomes instanceof Error ? reject(outcomes) : resolve(outcomes)) });
    });
  return { calls, inTurn: slotTurns(turn) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const told = (promise: Promise<string>) => promise.then((value) => `placed ${value}`, (error: unknown) => (error as { code?: string; message?: string }).code ?? (error as Error).message);
const placedAll = (entries: string[]) => entries.map((entry) => ({ placed: entry }));

describe('slot turns', () => {
  it('when bids on one task queue while a turn runs, then the next turn takes them all together, and another task does not wait', async () => {
    const { calls, inTurn } = heldTurns();
    const first = told(inTurn(1, 5, 'a'));
    const waiting = [told(inTurn(1, 5, 'b')), told(inTurn(1, 5, 'c'))];
    const otherTask = told(inTurn(2, 5, 'x'));
    await settled();
    expect(calls.map(({ taskId, entries }) => [taskId, entries])).toEqual([
      [1, ['a']],
      [2, ['x']],
    ]);

    calls[0]?.end(placedAll(['a']));
    await settled();
    expect(calls[2]).toMatchObject({ taskId: 1, maxBids: 5, entries: ['b', 'c'] });
    calls[2]?.end([{ placed: 'b' }, { refused: bidLimitReached() }]);
    calls[1]?.end(placedAll(['x']));
    expect(await Promise.all([first, ...waiting, otherTask])).toEqual(['placed a', 'placed b', 'bid_limit_reached', 'placed x']);
  });

  it('when waiting bids count under different limits, then a turn takes those under the first one\'s limit and the others have the turn after', async () => {
    const { calls, inTurn } = heldTurns();
    const replies = [inTurn(1, 5, 'a'), inTurn(1, 6, 'b'), inTurn(1, 5, 'c'), inTurn(1, 6, 'd')].map(told);
    await settled();
    calls[0]?.end(placedAll(['a']));
    await settled();
    expect(calls[1]).toMatchObject({ maxBids: 6, entries: ['b', 'd'] });
    calls[1]?.end(placedAll(['b', 'd']));
    await settled();
    expect(calls[2]).toMatchObject({ maxBids: 5, entries: ['c'] });
    calls[2]?.end(placedAll(['c']));
    expect(await Promise.all(replies)).toEqual(['placed a', 'placed b', 'placed c', 'placed d']);
    expect(calls).toHaveLength(3);
  });

  it('when a turn fails, then every bid in it hears the failure and the bids queued behind it still have their turn', async () => {
    const { calls, inTurn } = heldTurns();
    const failed = [told(inTurn(1, 5, 'a'))];
    await settled();
    const next = told(inTurn(1, 5, 'b'));
    calls[0]?.end(new Error('connection lost'));
    await settled();
    expect(calls[1]?.entries).toEqual(['b']);
    calls[1]?.end(placedAll(['b']));
    expect(await Promise.all([...failed, next])).toEqual(['connection lost', 'placed b']);
  });

  it('when the queue of a task has emptied, then the next bid starts a turn of its own at once', async () => {
    const { calls, inTurn } = heldTurns();
    const first = told(inTurn(1, 5, 'a'));
    await settled();
    calls[0]?.end(placedAll(['a']));
    expect(await first).toBe('placed a');
    const later = told(inTurn(1, 5, 'b'));
    expect(calls[1]?.entries).toEqual(['b']);
    calls[1]?.end(placedAll(['b']));
    expect(await later).toBe('placed b');
  });
});
