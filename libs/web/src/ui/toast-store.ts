import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** At most this many at once; the oldest goes first. */
const MAX_TOASTS = 3;

/**
 * The page's toasts. This file is shared between shell and remotes by Module Federation (key
 * `@fragtbud/web/toast`, see libs/web/build/federated-app-config.ts), so a remote's `toast.success('Bud afgivet')`
 * shows in the shell's one `<Toaster />`; the rest of libs/web is bundled into each app.
 */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show: (kind, message) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts.filter((t) => t.message !== message), { id, kind, message }].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

export const toast = {
  success: (message: string) => useToasts.getState().show('success', message),
  error: (message: string) => useToasts.getState().show('error', message),
  info: (message: string) => useToasts.getState().show('info', message),
};

