import type { ReactNode } from 'react';

/** A form's outcome: an error (alert), a saved change (success, green) or a neutral note. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'note'; children: ReactNode }) {
  if (kind === 'error') {
    return (
      <p className="fb-form-error" role="alert">
        {children}
      </p>
    );
  }
  return (
    <p className={kind === 'success' ? 'fb-form-success' : 'fb-form-note'} role="status">
      {children}
    </p>
  );
}
