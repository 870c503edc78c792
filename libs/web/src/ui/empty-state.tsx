import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <div className="fb-state fb-state--empty">
      <div className="fb-state__content">
        <p className="fb-state__title">{title}</p>
        {message && <p className="fb-state__message">{message}</p>}
        {action}
      </div>
    </div>
  );
}
