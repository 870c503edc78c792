import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { createLiveEvents, type EventSourceLike } from '../live/live-events';
import { invalidateForLiveEvent, invalidateOnLiveEvents, queryKeysForLiveEvent } from './live-events';
import { queryKeys } from './query-keys';

describe('live event → query keys', () => {
  it.each([
    [{ type: 'task.status', taskId: 7, status: 'in_progress' }, [['task', 7], ['tasks'], ['chat', 'thread', 7]]],
    [{ type: 'bid.placed', taskId: 7, bidId: 3 }, [['task', 7], ['tasks'], ['chat', 'thread', 7]]],
    [{ type: 'bid.updated', taskId: 7, bidId: 3 }, [['task', 7], ['tasks'], ['chat', 'thread', 7]]],
    [{ type: 'notification' }, [['notifications']]],
    [{ type: 'notification', data: { kind: 'new_bid' } }, [['notifications']]],
    [{ type: 'notification', data: { kind: 'extra_charge' } }, [['notifications'], ['me', 'finance'], ['me', 'payments']]],
    [{ type: 'notification', data: { kind: 'payout_paid' } }, [['notifications'], ['me', 'finance'], ['me', 'payments']]],
    [{ type: 'chat.message', taskId: 7 }, [['chat'], ['notifications']]],
    [{ type: 'chat.read' }, [['chat'], ['notifications']]],
    [{ type: 'task.status' }, [['tasks']]],
    [{ type: 'freight_note', data: { taskId: 7 } }, [['task', 7, 'freight-note']]],
    [{ type: 'freight_note' }, []],
    [{ type: 'account.status', data: { userId: 7, status: 'approved' } }, [['admin', 'users'], ['admin', 'counts']]],
    [{ type: 'something.new' }, []],
    [{ type: 'bid.placed', data: { taskId: 7, bidId: 3 } }, [['task', 7], ['tasks'], ['chat', 'thread', 7]]],
    [{ type: 'resync', data: {} }, [[]]],
  ])('%o invalidates %o', (event, keys) => {
    expect(queryKeysForLiveEvent(event)).toEqual(keys);
  });

  it('a bid event makes the task, its bids and the task lists stale, and nothing of another task', async () => {
    const client = createQueryClient({ retry: false });
    for (const key of [queryKeys.task(7), queryKeys.taskBids(7), queryKeys.tasks({ page: 1 }), queryKeys.taskBids(8), queryKeys.notifications()]) {
      client.setQueryData(key, { loaded: true });
    }
    await invalidateForLiveEvent(client, { type: 'bid.placed', taskId: 7, bidId: 1 });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.task(7))).toBe(true);
    expect(stale(queryKeys.taskBids(7))).toBe(true);
    expect(stale(queryKeys.tasks({ page: 1 }))).toBe(true);
    expect(stale(queryKeys.taskBids(8))).toBe(false);
    expect(stale(queryKeys.notifications())).toBe(false);
  });

  it('the live stream invalidates what its events changed, and a resync everything', async () => {
    const listeners = new Map<string, (event: MessageEvent) => void>();
    let source: EventSourceLike | undefined;
    const channel = createLiveEvents({
      factory: () => {
        source = {
          readyState: 1,
          onopen: null,
          onerror: null,
          addEventListener: (type, listener) => listeners.set(type, listener),
          close: () => undefined,
        };
        return source;
      },
    });
    const client = createQueryClient({ retry: false });
    for (const key of [queryKeys.taskBids(7), queryKeys.taskBids(8), queryKeys.notifications()]) client.setQueryData(key, { loaded: true });
    const stop = invalidateOnLiveEvents(client, channel);
    channel.connect();
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

    listeners.get('bid.placed')!(new MessageEvent('bid.placed', { data: JSON.stringify({ taskId: 7, bidId: 1 }) }));
    await Promise.resolve();
    expect(stale(queryKeys.taskBids(7))).toBe(true);
    expect(stale(queryKeys.taskBids(8))).toBe(false);

    listeners.get('resync')!(new MessageEvent('resync', { data: '{}' }));
    await Promise.resolve();
    expect(stale(queryKeys.taskBids(8))).toBe(true);
    expect(stale(queryKeys.notifications())).toBe(true);
    stop();
    channel.disconnect();
  });
});
