import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  NOTIFICATION_LIFETIME_MS,
  useNotificationFeed,
  useNotifications,
  type BarNotification,
} from './notification-store';
import './notification-bar.css';

function NotificationItem({ notification, onDismiss }: { notification: BarNotification; onDismiss: () => void }) {
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    const timer = setTimeout(() => dismissRef.current(), NOTIFICATION_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [notification.id]);

  return (
    <li className={`notification notification--${notification.kind}`}>
      <div className="notification__text">
        {notification.title && <strong className="notification__title">{notification.title}</strong>}
        <span>{notification.message}</span>
        {notification.href && (
          <Link className="notification__link" to={notification.href} onClick={onDismiss}>
            Se opgaven
          </Link>
        )}
      </div>
      <button type="button" className="notification__dismiss" onClick={onDismiss} aria-label="Luk besked">
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

const PHONE_QUERY = '(max-width: 640px)';

const phoneQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

/** True on a narrow screen, following rotation and resizing. */
function useIsPhone(): boolean {
  const [matches, setMatches] = useState(() => phoneQuery()?.matches ?? false);
  useEffect(() => {
    const query = phoneQuery();
    if (!query) return;
    const onChange = () => setMatches(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return matches;
}

/**
 * The signed-in user's new notifications (spec sections 2 and 9): shown only when there are any; collapsible; up to
 * 5, the newest kept; each dismissible and gone after 6 seconds (either way it is marked read). Fetch failures
 * leave it as it is — empty at first (spec section 8).
 */
export function NotificationBar() {
  useNotificationFeed();
  const notifications = useNotifications((state) => state.notifications);
  const dismiss = useNotifications((state) => state.dismiss);
  // On a phone the bar starts as one line with the count (issue 13 item 7); the user may open it.
  const phone = useIsPhone();
  const [chosen, setCollapsed] = useState<boolean | null>(null);
  const collapsed = chosen ?? phone;

  if (notifications.length === 0) return null;
  return (
    <section className="notification-bar" aria-label="Beskeder">
      <div className="fb-container">
        <div className={`notification-bar__header${collapsed ? ' notification-bar__header--collapsed' : ''}`}>
          <span className="notification-bar__count">
            {notifications.length === 1 ? '1 ny besked' : `${notifications.length} nye beskeder`}
          </span>
          <button
            type="button"
            className="notification-bar__toggle"
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? 'Vis beskeder' : 'Skjul beskeder'}
          </button>
        </div>
        {!collapsed && (
          <ul className="notification-bar__list" aria-live="polite">
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onDismiss={() => dismiss(notification.id)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
