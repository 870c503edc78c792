import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The centred card of the sign-in pages (log in, forgot and reset password, verify e-mail). */
export function AuthCard({ title, children, back }: { title: string; children: ReactNode; back: { to: string; label: string } }) {
  return (
    <div className="auth-page fb-container">
      <div className="auth-card fb-card">
        <h1 className="auth-card__title">{title}</h1>
        {children}
        <p className="auth-card__switch">
          <Link to={back.to}>{back.label}</Link>
        </p>
      </div>
    </div>
  );
}

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
