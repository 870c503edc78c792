import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader, Tabs, queryKeys, useLiveEvents } from '@fragtbud/web';
import { BillingChangesTab } from '../billing-changes/billing-changes-tab';
import { CarriersTab } from '../carriers/carriers-tab';
import { DeletionRequestsTab } from '../deletion-requests/deletion-requests-tab';
import { FeesTab } from '../fees/fees-tab';
import { FinancialTab } from '../financial/financial-tab';
import { LedgerTab } from '../ledger/ledger-tab';
import { TasksTab } from '../tasks/tasks-tab';
import { UsersTab } from '../users/users-tab';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, isAdminTabKey, type AdminTabKey } from './admin-tabs';
import { useAdminCounts } from './use-admin-counts';

/** The ledger's filters a link may carry (spec section 2: they pre-filter the ledger). */
const LEDGER_LINK_PARAMS = ['taskId', 'carrierId', 'customerId'] as const;

/**
 * /admin/users is the user administration link: the same dashboard with the users tab open. A link with a task,
 * carrier or customer but no tab means their rows in the ledger.
 */
function useActiveTab(): AdminTabKey {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  if (pathname.toLowerCase().startsWith('/admin/users')) return 'users';
  const requested = searchParams.get('tab');
  if (isAdminTabKey(requested)) return requested;
  return LEDGER_LINK_PARAMS.some((key) => searchParams.get(key)) ? 'ledger' : DEFAULT_ADMIN_TAB;
}

export function AdminDashboard() {
  const activeTab = useActiveTab();
  const navigate = useNavigate();
  const { counts, refresh: refreshCounts } = useAdminCounts();
  const selectTab = (key: AdminTabKey) => navigate(`/AdminDashboard?tab=${key}`);
  // A deletion request arrives as a notification to every admin: the badge and the inbox follow it live.
  const client = useQueryClient();
  useLiveEvents(['notification'], (event) => {
    if (event.type !== 'resync' && event.data.kind !== 'deletion_request') return;
    void client.invalidateQueries({ queryKey: queryKeys.adminCounts() });
    void client.invalidateQueries({ queryKey: queryKeys.allAdminDeletionRequests() });
  });

  return (
    <div className="admin fb-container">
      <PageHeader title="Admin Dashboard" lead="Overblik over opgaver, vognmænd, brugere og økonomi." />
      <Tabs
        label="Administration"
        tabs={ADMIN_TABS.map((tab) => {
          const count = tab.count ? counts[tab.count] : 0;
          return {
            key: tab.key,
            label: tab.label,
            badge:
              count > 0 ? (
                <span className="fb-count" aria-hidden="true">
                  {count}
                </span>
              ) : undefined,
            badgeDescription: count > 0 ? (tab.countDescription?.(count) ?? String(count)) : undefined,
          };
        })}
        value={activeTab}
        onValueChange={selectTab}
        listClassName="admin-tabs"
        tabClassName="admin-tabs__tab"
        panelClassName="admin-panel"
      >
        <TabContent tab={activeTab} onCountsChanged={refreshCounts} />
      </Tabs>
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
      return <FinancialTab />;
    case 'deletionRequests':
      return <DeletionRequestsTab />;
    case 'billingChanges':
      return <BillingChangesTab />;
    case 'ledger':
      return <LedgerTab />;
  }
}
