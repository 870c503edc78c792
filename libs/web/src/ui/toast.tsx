import { useEffect } from 'react';
import './toast.css';
import { limits } from '@fragtbud/contracts';
import { useToasts, type Toast } from './toast-store';

export { toast, useToasts, type Toast, type ToastKind } from './toast-store';

/** Spec section 9: messages go after 6 seconds, errors included (they stay beside the field too where there is one). */
export const TOAST_LIFETIME_MS = limits.notificationBar.dismissAfterMs;

function ToastItem({ item }: { item: Toast }) {
  const dismiss = useToasts((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), TOAST_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [item.id, dismiss]);
  return (
    <li className={`fb-toast fb-toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
      <span className="fb-toast__message">{item.message}</span>
      <button type="button" className="fb-toast__close" aria-label="Luk besked" onClick={() => dismiss(item.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** Where toasts appear (bottom of the viewport); the shell renders one, a remote's standalone page its own. */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  if (toasts.length === 0) return null;
  return (
    <ol className="fb-toaster" aria-label="Beskeder">
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </ol>
  );
}
