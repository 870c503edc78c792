import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { limits } from '@fragtbud/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, liveEvents, queryKeys, useLiveEvents, useSession } from '@fragtbud/web';
import { create } from 'zustand';

export type NotificationKind = 'info' | 'success' | 'error';

export interface BarNotification {
  id: string | number;
  kind: NotificationKind;
  title?: string;
  message: string;
  /** Where the notification leads (the task page). */
  href?: string;
  /** The server's id (GET /notifications): dismissing it marks it read there. */
  notificationId?: number;
}

/** Spec section 2/9: at most 5 shown, the newest kept; each gone after 6 seconds; the bar asks for 5. */
export const MAX_NOTIFICATIONS = limits.notificationBar.items;
export const NOTIFICATION_LIFETIME_MS = limits.notificationBar.dismissAfterMs;
export const NOTIFICATION_FETCH_LIMIT = limits.notificationBar.items;
/** Navigating asks the server again at most this often; logging in and focusing the window always ask. */
export const NOTIFICATION_REFRESH_MS = 30_000;

interface NotificationState {
  notifications: BarNotification[];
  /** Server ids dismissed in this session: never shown again, even if a fetch sent before the dismissal has them. */
  dismissedIds: number[];
  push: (notification: BarNotification) => void;
  /** Adds the server's unread notifications (newest first, as GET /notifications answers) not shown or dismissed yet. */
  receive: (incoming: BarNotification[]) => void;
  /** Takes it off the bar; a server notification is marked read there too (failures ignored). */
  dismiss: (id: BarNotification['id']) => void;
  clear: () => void;
}

const newestOnly = (notifications: BarNotification[]) => notifications.slice(-MAX_NOTIFICATIONS);

/** The bar's notifications, oldest first: the server's unread ones for the signed-in user, and any pushed locally. */
export const useNotifications = create<NotificationState>()((set, get) => ({
  notifications: [],
  dismissedIds: [],
  push: (notification) =>
    set((state) => ({ notifications: newestOnly([...state.notifications.filter((n) => n.id !== notification.id), notification]) })),
  receive: (incoming) =>
    set((state) => {
      const shown = new Set(state.notifications.map((n) => n.id));
      const dismissed = new Set(state.dismissedIds);
      const fresh = incoming
        .filter((n) => !shown.has(n.id) && (n.notificationId === undefined || !dismissed.has(n.notificationId)))
        .reverse();
      return fresh.length === 0 ? state : { notifications: newestOnly([...state.notifications, ...fresh]) };
    }),
  dismiss: (id) => {
    const notification = get().notifications.find((n) => n.id === id);
    const serverId = notification?.notificationId;
    set((state) => ({
      notifications: state.notifications.filter((n) => n.id !== id),
      dismissedIds: serverId === undefined ? state.dismissedIds : [...state.dismissedIds, serverId],
    }));
    if (serverId !== undefined) void markNotificationRead(serverId);
  },
  clear: () => set({ notifications: [], dismissedIds: [] }),
}));

// ---- the API (svc-chat through the gateway); spec section 8: failures are ignored and the bar stays as it is ----

interface RawNotification {
  id?: unknown;
  task_id?: unknown;
  type?: unknown;
  title?: unknown;
  message?: unknown;
  data?: { body?: unknown } | null;
  read_at?: unknown;
  is_read?: unknown;
}

const kinds: readonly NotificationKind[] = ['info', 'success', 'error'];
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function toBarNotification(raw: RawNotification): BarNotification | null {
  const id = raw.id;
  const message = text(raw.message) ?? text(raw.data?.body);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || !message) return null;
  if (raw.is_read === true || (raw.read_at !== null && raw.read_at !== undefined)) return null;
  const taskId = raw.task_id;
  return {
    id: `notification-${id}`,
    notificationId: id,
    kind: kinds.includes(raw.type as NotificationKind) ? (raw.type as NotificationKind) : 'info',
    title: text(raw.title),
    message,
    href: typeof taskId === 'number' && Number.isSafeInteger(taskId) && taskId > 0 ? `/task/${taskId}` : undefined,
  };
}

/** GET /notifications?unread=1&limit=5: the signed-in user's newest unread notifications, newest first. */
export async function fetchUnreadNotifications(signal?: AbortSignal): Promise<BarNotification[]> {
  const answer = await api.get<RawNotification[] | { items?: RawNotification[] }>('/notifications', {
    query: { unread: 1, limit: NOTIFICATION_FETCH_LIMIT },
    signal,
  });
  const rows = Array.isArray(answer) ? answer : Array.isArray(answer?.items) ? answer.items : [];
  return rows
    .map((row) => (row && typeof row === 'object' ? toBarNotification(row) : null))
    .filter((n): n is BarNotification => n !== null)
    .slice(0, NOTIFICATION_FETCH_LIMIT);
}

/** PUT /notifications/{id}/read; a failure is ignored (the notification may come back on another page load). */
export async function markNotificationRead(id: number): Promise<void> {
  try {
    await api.put<unknown>(`/notifications/${id}/read`);
  } catch {
    // spec section 8: notification failures are silent
  }
}

/** The bar's query: the signed-in user's unread notifications, under `['notifications']` for live updates. */
export const unreadNotificationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.unreadNotifications(userId),
    queryFn: ({ signal }) => fetchUnreadNotifications(signal),
    staleTime: NOTIFICATION_REFRESH_MS,
    // Coming back to the window asks unless the live stream is open (it already showed anything new); failures are
    // ignored (spec section 8), so no retry either.
    refetchOnWindowFocus: () => (liveEvents.isConnected() ? false : 'always'),
    retry: false,
  });

/**
 * Keeps the bar fed while a user is signed in: asks on login; a new notification arrives on the live stream
 * (GET /api/events) at once; only while that stream is down does it ask again on navigation (once the last answer is
 * 30 seconds old) and when the window gets focus. Signing out (or in as someone else) empties the bar. Needs a router
 * around it.
 */
export function useNotificationFeed(): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const location = useLocation();
  const client = useQueryClient();
  const options = unreadNotificationsQueryOptions(userId ?? 0);
  const { data } = useQuery({ ...options, enabled: userId !== null });
  const currentUser = useRef<number | null | undefined>(undefined);

  // Login, logout, another user: what is on the bar was for someone else.
  useEffect(() => {
    const previous = currentUser.current;
    currentUser.current = userId;
    if (previous !== undefined && previous !== userId) useNotifications.getState().clear();
  }, [userId]);

  useEffect(() => {
    if (data && userId !== null) useNotifications.getState().receive(data);
  }, [data, userId]);

  // Live: a new notification is shown as it happens; after a gap in the stream, ask again.
  useLiveEvents(['notification'], (event) => {
    const id = currentUser.current;
    if (id === null || id === undefined) return;
    if (event.type === 'resync') {
      void client.refetchQueries({ queryKey: unreadNotificationsQueryOptions(id).queryKey, exact: true });
      return;
    }
    const incoming = toBarNotification(event.data as RawNotification);
    if (incoming) useNotifications.getState().receive([incoming]);
  });

  // Navigation, at most every 30 seconds — no polling while the live stream is open.
  useEffect(() => {
    if (userId === null || liveEvents.isConnected()) return;
    const { queryKey } = unreadNotificationsQueryOptions(userId);
    const state = client.getQueryState(queryKey);
    if (state && state.fetchStatus === 'idle' && Date.now() - state.dataUpdatedAt >= NOTIFICATION_REFRESH_MS) {
      void client.refetchQueries({ queryKey, exact: true });
    }
  }, [location.pathname, location.search, userId, client]);
}
