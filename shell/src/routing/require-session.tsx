import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPathFor, Spinner, useSession, type Role } from '@fragtbud/web';

export function SessionPending() {
  return (
    <div className="page-loading">
      <Spinner label="Indlæser…" />
    </div>
  );
}

interface RequireSessionProps {
  children: ReactNode;
  /** Roles allowed here; anyone else signed in goes to /dashboard (spec route table). */
  roles?: readonly Role[];
  /** Send visitors to plain /login instead of /login?next=… */
  withoutNext?: boolean;
}

/** The client-side comfort redirects of the route table; the services enforce access on their own. */
export function RequireSession({ children, roles, withoutNext = false }: RequireSessionProps) {
  const location = useLocation();
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);

  if (status !== 'ready' && !user) return <SessionPending />;
  if (!user) {
    return <Navigate to={withoutNext ? '/login' : loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (roles && !roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
