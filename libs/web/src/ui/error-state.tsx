import type { ReactNode } from 'react';
import { Button } from './button';
import { classNames } from './class-names';

export interface ErrorStateProps {
  message: string;
  title?: string;
  onRetry?: () => void;
  retryLabel?: string;
  children?: ReactNode;
  compact?: boolean;
}

/** A failed load: what went wrong, in Danish, and a way to try again. */
export function ErrorState({ message, title, onRetry, retryLabel = 'Prøv igen', children, compact = false }: ErrorStateProps) {
  return (
    <div className={classNames('fb-state', 'fb-state--error', compact && 'fb-state--compact')} role="alert">
      <span className="fb-state__icon" aria-hidden="true">
        !
      </span>
      <div className="fb-state__content">
        {title && <p className="fb-state__title">{title}</p>}
        <p className="fb-state__message">{message}</p>
        {children}
        {onRetry && (
          <Button variant="secondary" size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
