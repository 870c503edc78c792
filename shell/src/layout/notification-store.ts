import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { limits } from '@fragtbud/contracts';
import { api, useSession } from '@fragtbud/web';
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

/**
 * Keeps the bar fed while a user is signed in: asks on login, on navigation at most every 30 seconds, and when the
 * window gets focus. Signing out (or in as someone else) empties the bar. Needs a router around it.
 * A request is never aborted (it is small); an answer meant for an earlier user, or older than a newer request,
 * is dropped instead.
 */
export function useNotificationFeed(): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const location = useLocation();
  const lastAsked = useRef(0);
  const pending = useRef<number | null>(null);
  const generation = useRef(0);
  const currentUser = useRef<number | null | undefined>(undefined);

  const ask = useRef((forUser: number) => {
    if (pending.current !== null) return;
    const mine = ++generation.current;
    pending.current = mine;
    lastAsked.current = Date.now();
    fetchUnreadNotifications()
      .then((incoming) => {
        if (generation.current === mine && currentUser.current === forUser) useNotifications.getState().receive(incoming);
      })
      .catch(() => {
        // spec section 8: failures are ignored and the bar stays as it is
      })
      .finally(() => {
        if (pending.current === mine) pending.current = null;
      });
  }).current;

  // Login, logout, another user.
  useEffect(() => {
    const previous = currentUser.current;
    currentUser.current = userId;
    if (previous !== undefined && previous !== userId) {
      generation.current += 1; // whatever is on its way was for someone else
      pending.current = null;
      useNotifications.getState().clear();
    }
    if (userId === null) return;
    ask(userId);
  }, [userId, ask]);

  // Navigation, at most every 30 seconds.
  useEffect(() => {
    const id = currentUser.current;
    if (id === null || id === undefined) return;
    if (Date.now() - lastAsked.current >= NOTIFICATION_REFRESH_MS) ask(id);
  }, [location.pathname, location.search, ask]);

  // Focus: the user is back; anything new is worth showing now.
  useEffect(() => {
    if (userId === null) return;
    const onFocus = () => ask(userId);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [userId, ask]);
}
