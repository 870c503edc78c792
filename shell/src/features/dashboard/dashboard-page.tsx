import { Link } from 'react-router-dom';
import { displayName, roleLabel, useSession } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { ResendVerification } from '../auth';
import { quickActionsFor } from './quick-actions';
import { RecentTasks } from './recent-tasks';
import { statCardsFor } from './stat-cards';
import { TaskStatCards } from './task-stat-cards';
import './dashboard.css';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSession((state) => state.user);
  if (!user) return null; // the route guard sends visitors to /login first

  const awaitingApproval = user.role === 'carrier' && user.is_approved === false;
  const allHref = statCardsFor(user.role).find((card) => card.key === 'all')?.href ?? '/BrowseTasks';

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

      {!user.emailVerified && (
        <div className="fb-form-note dashboard-verify" role="note">
          <p>
            Bekræft din e-mail med linket, vi har sendt til {user.email}.
            {user.role === 'customer' && ' Opgaver, du har oprettet som gæst med den e-mail, bliver knyttet til din konto, når den er bekræftet.'}
          </p>
          <ResendVerification email={user.email} />
        </div>
      )}

      <section aria-labelledby="task-stats-title" className="page-section">
        <h2 id="task-stats-title" className="fb-visually-hidden">
          Overblik
        </h2>
        <TaskStatCards role={user.role} />
      </section>

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

      <section aria-labelledby="recent-tasks-title" className="page-section">
        <div className="dashboard-section-header">
          <h2 id="recent-tasks-title">{user.role === 'admin' ? 'Nyeste opgaver' : 'Dine nyeste opgaver'}</h2>
        </div>
        <RecentTasks role={user.role} allHref={allHref} />
      </section>
    </div>
  );
}
