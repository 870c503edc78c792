import type { QueryClient } from '@tanstack/react-query';
import { moneyNotificationKinds } from '@fragtbud/contracts';
import { queryKeys, type QueryKey } from './query-keys';

/**
 * A server-sent event of GET /api/events (API.md, "Chat, notifications and live updates"), reduced to what decides
 * which queries are stale. Unknown event types are ignored.
 */
export type LiveQueryEvent =
  | { type: 'task.status'; taskId: number; status?: string }
  | { type: 'bid.placed' | 'bid.updated'; taskId: number; bidId?: number }
  | { type: 'notification' }
  | { type: 'chat.message' | 'chat.read'; taskId?: number }
  | { type: 'freight_note'; taskId: number }
  | { type: 'account.status'; userId: number; status?: string }
  | { type: 'resync' };

/** Either shape: flat (above) or as the live stream hands it to subscribers (`{ type, data: { taskId, … } }`). */
type AnyLiveEvent = LiveQueryEvent | { type: string; taskId?: unknown; data?: Record<string, unknown> };

/** The task an event names, flat or in its data; null when it names none. */
function taskIdOf(event: AnyLiveEvent): number | null {
  const flat = event as { taskId?: unknown; data?: Record<string, unknown> };
  const taskId = flat.taskId ?? flat.data?.taskId;
  return typeof taskId === 'number' && Number.isInteger(taskId) ? taskId : null;
}

/**
 * The query keys a live event makes stale. The SSE client calls `invalidateForLiveEvent` with each event; this
 * mapping is the one place that knows what an event changes:
 *
 * | event | invalidated |
 * |---|---|
 * | `task.status` | `['task', id]` (and everything under it), `['tasks']`, the task's chat threads |
 * | `bid.placed`, `bid.updated` | `['task', id]` (bids, lowest bid, bid count), `['tasks']`, the task's chat threads |
 * | `notification` | `['notifications']`; a money notification (refund, extra fee, payout, adjustment) also the user's finance and payments |
 * | `chat.message`, `chat.read` | `['chat']`, `['notifications']` |
 * | `freight_note` (the other party saved the fragtbrev) | the task's fragtbrev |
 * | `account.status` (to admins: a carrier approved, rejected or blocked) | the admin's users and carriers lists, counts |
 * | `resync` (a gap in the stream) | everything |
 *
 * A thread carries the chat lock (spec 6: the round closed, the bid limit reached, the task finished), so an open chat
 * tab shows the lock as soon as the task or a bid changes, not at the next chat event.
 */
export function queryKeysForLiveEvent(event: AnyLiveEvent): QueryKey[] {
  switch (event.type) {
    case 'resync':
      return [[]];
    case 'task.status':
    case 'bid.placed':
    case 'bid.updated': {
      const taskId = taskIdOf(event);
      if (taskId === null) return [queryKeys.allTasks()];
      return [queryKeys.task(taskId), queryKeys.allTasks(), queryKeys.taskChatThreads(taskId)];
    }
    case 'notification': {
      // Money moved for this user (docs/money.md, 'Who is told'): the open Økonomi / Betalinger tab shows it at once.
      const kind = (event as { data?: Record<string, unknown> }).data?.kind;
      if (typeof kind === 'string' && (moneyNotificationKinds as readonly string[]).includes(kind)) {
        return [queryKeys.notifications(), queryKeys.myFinance(), queryKeys.myPayments()];
      }
      return [queryKeys.notifications()];
    }
    case 'chat.message':
    case 'chat.read':
      return [queryKeys.chat(), queryKeys.notifications()];
    case 'account.status':
      return [queryKeys.adminUsersAll(), queryKeys.adminCounts()];
    case 'freight_note': {
      const taskId = taskIdOf(event);
      return taskId === null ? [] : [queryKeys.taskFreightNote(taskId)];
    }
    default:
      return [];
  }
}

/** Marks what a live event changed as stale; the queries on screen refetch at once, the others when next used. */
export async function invalidateForLiveEvent(client: QueryClient, event: AnyLiveEvent): Promise<void> {
  await Promise.all(queryKeysForLiveEvent(event).map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * Feeds every event of a live channel (`liveEvents`) to `invalidateForLiveEvent`; the shell does this once for the
 * whole page, so screens on TanStack Query need no live-event code of their own. Returns the unsubscribe.
 */
export function invalidateOnLiveEvents(
  client: QueryClient,
  channel: { subscribe: (listener: (event: { type: string; data?: Record<string, unknown> }) => void) => () => void },
): () => void {
  return channel.subscribe((event) => void invalidateForLiveEvent(client, event));
}
