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

// The form outcome line lives in libs/web (the remotes' forms use it too); re-exported for the sign-in pages.
export { FormMessage } from '@fragtbud/web';
