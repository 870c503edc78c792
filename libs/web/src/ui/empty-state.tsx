import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  /** When the state is the whole page (a link to something gone), its title is the page's heading. */
  pageTitle?: boolean;
}

export function EmptyState({ title, message, action, pageTitle = false }: EmptyStateProps) {
  const Title = pageTitle ? 'h1' : 'p';
  return (
    <div className="fb-state fb-state--empty">
      <div className="fb-state__content">
        <Title className="fb-state__title">{title}</Title>
        {message && <p className="fb-state__message">{message}</p>}
        {action}
      </div>
    </div>
  );
}
