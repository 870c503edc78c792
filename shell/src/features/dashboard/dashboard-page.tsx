import { Link } from 'react-router-dom';
import { EmptyState, displayName, roleLabel, useSession } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { quickActionsFor } from './quick-actions';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSession((state) => state.user);
  if (!user) return null; // the route guard sends visitors to /login first

  const awaitingApproval = user.role === 'carrier' && user.is_approved === false;

  return (
    <div className="fb-container page">
      <header className="dashboard-header">
        <p className="dashboard-header__eyebrow">{roleLabel(user.role)}</p>
        <h1>Hej {displayName(user)}!</h1>
        <p className="fb-muted">Velkommen til dit dashboard hos Fragtbud.</p>
      </header>

      {awaitingApproval && (
        <p className="fb-form-note" role="status">
          Din vognmandskonto afventer godkendelse af en administrator. Du kan byde på opgaver, så snart den er godkendt.
        </p>
      )}

      <section aria-labelledby="quick-actions-title" className="page-section">
        <h2 id="quick-actions-title">Hurtige handlinger</h2>
        <ul className="quick-actions">
          {quickActionsFor(user.role).map((action) => (
            <li key={action.to}>
              <Link to={action.to} className="quick-action">
                <span className="quick-action__label">{action.label}</span>
                <span className="quick-action__description">{action.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="task-overview-title" className="page-section">
        <h2 id="task-overview-title">Dine opgaver</h2>
        <EmptyState
          title="Opgaveoversigten kommer snart"
          message="Her kommer du til at se statistik og dine nyeste opgaver med status, bud og pris."
        />
      </section>
    </div>
  );
}
