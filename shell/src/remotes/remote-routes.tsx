import { Navigate } from 'react-router-dom';
import { carriersCannotCreateTasksMessage } from '@fragtbud/contracts';
import { useSession, withFlash } from '@fragtbud/web';
import { RequireSession, SessionPending } from '../routing/require-session';
import { useDocumentTitle } from '../routing/use-document-title';
import { RemoteApp } from './remote-app';

/** /create-task and /tasks/create: customers and guests get mfe_customer; a carrier goes to /BrowseTasks. */
export function CreateTaskRoute() {
  useDocumentTitle('Opret opgave');
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  if (!user && status !== 'ready') return <SessionPending />;
  // Said where the carrier lands, not silently: the server's own words for the same refusal.
  if (user?.role === 'carrier') return <Navigate to="/BrowseTasks" replace state={withFlash('info', carriersCannotCreateTasksMessage)} />;
  return <RemoteApp remote="mfe_customer" />;
}

/** /AdminDashboard and /admin/users: admins only; mfe_admin is fetched only once an admin gets here. */
export function AdminRoute() {
  useDocumentTitle('Admin Dashboard');
  return (
    <RequireSession roles={['admin']}>
      <RemoteApp remote="mfe_admin" />
    </RequireSession>
  );
}
