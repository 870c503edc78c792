import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, RoleBadge, formatDate, useSession } from '@fragtbud/web';
import { SessionPending } from '../../routing/require-session';
import { useDocumentTitle } from '../../routing/use-document-title';

export function ProfilePage() {
  useDocumentTitle('Profil');
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);

  if (!user && status !== 'ready') return <SessionPending />;
  if (!user) {
    return (
      <div className="fb-container page">
        <PageHeader title="Profil" />
        <EmptyState
          title="Du skal være logget ind for at se din profil."
          action={
            <Link className="fb-button fb-button--primary" to="/login?next=/profile">
              Log ind
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="fb-container page">
      <PageHeader title="Profil" lead="Dine oplysninger hos Fragtbud." />
      <section className="fb-card profile-card" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">Dine oplysninger</h2>
        <dl className="details-list">
          <div>
            <dt>Navn</dt>
            <dd>{user.name || '–'}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Rolle</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
          </div>
          {user.company && (
            <div>
              <dt>Firma</dt>
              <dd>{user.company}</dd>
            </div>
          )}
          {user.phone && (
            <div>
              <dt>Telefon</dt>
              <dd>{user.phone}</dd>
            </div>
          )}
          {user.createdAt && (
            <div>
              <dt>Oprettet</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </div>
          )}
        </dl>
        <p className="fb-muted">Redigering af profil, sikkerhed og fakturering kommer snart.</p>
      </section>
    </div>
  );
}
