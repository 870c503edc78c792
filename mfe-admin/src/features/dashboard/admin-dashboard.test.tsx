import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { fakeLedgerApi } from '../../testing/fake-ledger-api';
import { fakeTaskTypesApi } from '../../testing/fake-task-types-api';
import { fakeFinanceApi } from '../../testing/fake-finance-api';
import { admin, approvedCarrier, blockedCarrier, fakeUsersApi, pendingCarrier } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';

// Tabs left open by one test may still fetch after the next test reset the handlers; these always answer.
const server = setupApiServer(...fakeLedgerApi().handlers, ...fakeTaskTypesApi().handlers, ...fakeFinanceApi().handlers);

beforeEach(() => {
  server.use(
    ...fakeUsersApi([admin, approvedCarrier, pendingCarrier, blockedCarrier]).handlers,
    http.get('/api/tasks', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 20 })),
  );
  setSession(admin);
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.firstChild?.textContent);

describe('admin dashboard', () => {
  it('shows the eight tabs with task management selected by default', async () => {
    renderAdmin('/AdminDashboard');
    expect(tabNames()).toEqual([
      'Opgavehåndtering',
      'Carrier-godkendelse',
      'Brugeradministration',
      'Sletteanmodninger',
      'Gebyrhåndtering',
      'Økonomioversigt',
      'Fakturaændringer',
      'Ledger',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Opgavehåndtering');
    expect(await screen.findByText('Ingen opgaver fundet')).toBeTruthy();
  });

  it('opens the ledger filtered to the task, carrier or customer a link names without a tab', async () => {
    renderAdmin('/AdminDashboard?carrierId=3');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Ledger');
    const filters = await screen.findByRole('form', { name: 'Filtrér ledger' });
    expect((within(filters).getByLabelText('Carrier') as HTMLInputElement).value).toBe('3');
  });

  it('opens the tab named by ?tab= and changes ?tab= when another tab is chosen', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Gebyrhåndtering');

    await user.click(screen.getByRole('tab', { name: 'Ledger' }));
    expect(screen.getByTestId('location').textContent).toBe('/AdminDashboard?tab=ledger');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Ledger');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=tasks');
    screen.getByRole('tab', { name: 'Opgavehåndtering' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/AdminDashboard?tab=carriers'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Carrier-godkendelse' }));
  });

  it('shows count badges above 0; a missing or failing count endpoint counts as 0', async () => {
    server.use(http.get('/api/admin/users/blocked-count', () => HttpResponse.json({ message: 'nede' }, { status: 500 })));
    renderAdmin('/AdminDashboard');
    const carriersTab = await screen.findByRole('tab', { name: 'Carrier-godkendelse', description: '1 afventer godkendelse' });
    expect(carriersTab.textContent).toContain('1');
    expect(screen.getByRole('tab', { name: 'Opgavehåndtering' }).getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Brugeradministration' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('opens the billing-changes review in its tab, with no placeholder', async () => {
    renderAdmin('/AdminDashboard?tab=billingChanges');
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('Fakturaændringer'));
    expect(screen.getByRole('tabpanel').textContent).not.toContain('Kommer snart');
  });
});

describe('admin tab strip on a phone', () => {
  afterEach(() => {
    for (const name of ['scrollWidth', 'clientWidth', 'getBoundingClientRect', 'scrollTo']) Reflect.deleteProperty(HTMLElement.prototype, name);
  });

  it('scrolls the strip (never the page) so the active tab is in view: a link straight to the last tab, Ledger', async () => {
    // A 360 px strip holding 1300 px of tabs; jsdom lays nothing out, so each tab is given its place in the row.
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 1300 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
    Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', {
      configurable: true,
      value(this: HTMLElement) {
        const tabs = [...document.querySelectorAll('[role="tab"]')];
        const index = tabs.indexOf(this);
        const left = this.getAttribute('role') === 'tablist' ? 0 : index * 160;
        const width = this.getAttribute('role') === 'tablist' ? 360 : 150;
        return { left, right: left + width, top: 0, bottom: 46, width, height: 46, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
      },
    });
    renderAdmin('/AdminDashboard?tab=ledger');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Ledger');
    // The ledger tab sits at 1120–1270 px: the strip scrolls right past its end.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ left: 1270 - 360 + 24 }));
  });
});
