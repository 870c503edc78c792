import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, PageHeader, RoleBadge, Tabs, formatDate, useSession, type User } from '@fragtbud/web';
import { SessionPending } from '../../routing/require-session';
import { useDocumentTitle } from '../../routing/use-document-title';
import { AccountDataSection } from './account-data-section';
import { BillingTab } from './billing-tab';
import { ContactDetailsForm } from './contact-details-form';
import { profileTabsFor, type ProfileTabKey } from './profile-tabs';
import { SecurityTab } from './security-tab';
import { RemoteApp } from '../../remotes/remote-app';
import './profile.css';

export function ProfilePage() {
  useDocumentTitle('Profil');
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const [searchParams, setSearchParams] = useSearchParams();

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

  const tabs = profileTabsFor(user.role);
  const active = tabs.find((tab) => tab.key === searchParams.get('tab'))?.key ?? 'profile';
  const select = (key: ProfileTabKey) => setSearchParams(key === 'profile' ? {} : { tab: key }, { replace: true });

  return (
    <div className="fb-container page">
      <PageHeader title="Profil" lead="Dine oplysninger hos Fragtbud." />
      {/* The shared tabs: arrow keys move between them, and on a phone the strip stays one line that scrolls sideways. */}
      <Tabs label="Profilens faner" tabs={tabs} value={active} onValueChange={select} className="profile-tabs">
        {active === 'profile' && (
          <div className="fb-stack">
            <ProfileDetails user={user} />
            <ContactDetailsForm user={user} />
            {/* An admin is removed by another admin (svc-identity refuses it); the export is for everyone. */}
            <AccountDataSection canDelete={user.role !== 'admin'} />
          </div>
        )}
        {active === 'security' && <SecurityTab />}
        {active === 'billing' && <BillingTab role={user.role} />}
        {/* The carrier's tabs and the customer's 'Betalinger' come from their remotes (spec section 2, profile). */}
        {active === 'bank' && <RemoteApp<Record<string, never>> remote="mfe_carrier" module="BankPanel" props={{}} />}
        {active === 'insurance' && <RemoteApp<Record<string, never>> remote="mfe_carrier" module="InsurancePanel" props={{}} />}
        {active === 'cvr' && <RemoteApp<Record<string, never>> remote="mfe_carrier" module="CvrPanel" props={{}} />}
        {active === 'financial' && <RemoteApp<Record<string, never>> remote="mfe_carrier" module="FinancePanel" props={{}} />}
        {active === 'vehicles' && <RemoteApp<Record<string, never>> remote="mfe_carrier" module="VehiclesPanel" props={{}} />}
        {active === 'alerts' && <RemoteApp<Record<string, never>> remote="mfe_carrier" module="AlertsPanel" props={{}} />}
        {active === 'payments' && <RemoteApp<Record<string, never>> remote="mfe_customer" module="PaymentsPanel" props={{}} />}
      </Tabs>
    </div>
  );
}

function ProfileDetails({ user }: { user: User }) {
  return (
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
          <div>
            <dt>Telefon</dt>
            <dd>{user.phone || '–'}</dd>
          </div>
          {user.createdAt && (
            <div>
              <dt>Oprettet</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </div>
          )}
        </dl>
      </section>
  );
}
