import { useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@fragtbud/web';
import { CarriersTab } from '../carriers/carriers-tab';
import { FeesTab } from '../fees/fees-tab';
import { TasksTab } from '../tasks/tasks-tab';
import { UsersTab } from '../users/users-tab';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, isAdminTabKey, type AdminTabKey } from './admin-tabs';
import { ComingLaterPanel } from './coming-later-panel';
import { useAdminCounts } from './use-admin-counts';

/** /admin/users is the user administration link: the same dashboard with the users tab open. */
function useActiveTab(): AdminTabKey {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  if (pathname.toLowerCase().startsWith('/admin/users')) return 'users';
  const requested = searchParams.get('tab');
  return isAdminTabKey(requested) ? requested : DEFAULT_ADMIN_TAB;
}

export function AdminDashboard() {
  const activeTab = useActiveTab();
  const navigate = useNavigate();
  const { counts, refresh: refreshCounts } = useAdminCounts();
  const tabRefs = useRef(new Map<AdminTabKey, HTMLButtonElement>());

  const selectTab = (key: AdminTabKey) => navigate(`/AdminDashboard?tab=${key}`);

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, selection follows focus).
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = ADMIN_TABS.findIndex((tab) => tab.key === activeTab);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % ADMIN_TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ADMIN_TABS.length - 1;
    const key = ADMIN_TABS[next]?.key;
    if (!key) return;
    event.preventDefault();
    selectTab(key);
    tabRefs.current.get(key)?.focus();
  };

  return (
    <div className="admin fb-container">
      <PageHeader title="Admin Dashboard" lead="Overblik over opgaver, vognmænd, brugere og økonomi." />
      <div className="admin-tabs" role="tablist" aria-label="Administration">
        {ADMIN_TABS.map((tab) => {
          const selected = tab.key === activeTab;
          const count = tab.count ? counts[tab.count] : 0;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.key}`}
              aria-describedby={count > 0 ? `admin-tab-${tab.key}-count` : undefined}
              tabIndex={selected ? 0 : -1}
              className={`admin-tabs__tab${selected ? ' is-active' : ''}`}
              onClick={() => selectTab(tab.key)}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
              {count > 0 && (
                <>
                  <span className="fb-count" aria-hidden="true">
                    {count}
                  </span>
                  <span id={`admin-tab-${tab.key}-count`} hidden>
                    {tab.countDescription?.(count) ?? String(count)}
                  </span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <div
        className="admin-panel"
        role="tabpanel"
        id={`admin-panel-${activeTab}`}
        aria-labelledby={`admin-tab-${activeTab}`}
        tabIndex={0}
      >
        <TabContent tab={activeTab} onCountsChanged={refreshCounts} />
      </div>
    </div>
  );
}

function TabContent({ tab, onCountsChanged }: { tab: AdminTabKey; onCountsChanged: () => void }) {
  switch (tab) {
    case 'carriers':
      return <CarriersTab onCountsChanged={onCountsChanged} />;
    case 'users':
      return <UsersTab onCountsChanged={onCountsChanged} />;
    case 'tasks':
      return <TasksTab />;
    case 'fees':
      return <FeesTab />;
    case 'financial':
      return <ComingLaterPanel title="Økonomioversigt" text="Her kommer omsætning, antal transaktioner og platformens saldo." />;
    case 'billingChanges':
      return <ComingLaterPanel title="Fakturaændringer" text="Her kommer vognmændenes anmodninger om ændring af faktureringsoplysninger til godkendelse." />;
    case 'ledger':
      return <ComingLaterPanel title="Ledger" text="Her kommer alle transaktioner, udbetalinger og justeringer med filtre og CSV-eksport." />;
  }
}
