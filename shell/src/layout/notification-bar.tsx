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

/**
 * The signed-in user's new notifications (spec sections 2 and 9): shown only when there are any; collapsible; up to
 * 5, the newest kept; each dismissible and gone after 6 seconds (either way it is marked read). Fetch failures
 * leave it as it is — empty at first (spec section 8).
 */
export function NotificationBar() {
  useNotificationFeed();
  const notifications = useNotifications((state) => state.notifications);
  const dismiss = useNotifications((state) => state.dismiss);
  const [collapsed, setCollapsed] = useState(false);

  if (notifications.length === 0) return null;
  return (
    <section className="notification-bar" aria-label="Beskeder">
      <div className="fb-container">
        <div className="notification-bar__header">
          <span className="notification-bar__count">
            {notifications.length === 1 ? '1 ny besked' : `${notifications.length} nye beskeder`}
          </span>
          <button
            type="button"
            className="notification-bar__toggle"
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
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
