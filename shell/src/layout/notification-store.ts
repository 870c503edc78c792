import { limits } from '@fragtbud/contracts';
import { create } from 'zustand';

export type NotificationKind = 'info' | 'success' | 'error';

export interface BarNotification {
  id: string | number;
  kind: NotificationKind;
  title?: string;
  message: string;
}

/** Spec section 2/9: at most 5 shown, the newest kept. */
export const MAX_NOTIFICATIONS = limits.notificationBar.items;
export const NOTIFICATION_LIFETIME_MS = limits.notificationBar.dismissAfterMs;

interface NotificationState {
  notifications: BarNotification[];
  push: (notification: BarNotification) => void;
  dismiss: (id: BarNotification['id']) => void;
  clear: () => void;
}

/** Fed by the notifications feature (a later issue); empty until then, so the bar stays hidden. */
export const useNotifications = create<NotificationState>()((set) => ({
  notifications: [],
  push: (notification) =>
    set((state) => ({
      notifications: [...state.notifications.filter((n) => n.id !== notification.id), notification].slice(-MAX_NOTIFICATIONS),
    })),
  dismiss: (id) => set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) })),
  clear: () => set({ notifications: [] }),
}));
