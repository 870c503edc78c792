import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recentTasksCaption, type CarrierRecentTasksProps } from '@fragtbud/web';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../remotes/remote-manifest';
import { stubRemoteContract } from '../../testing/remote-contract';
import { renderApp, renderAppAsync } from '../../testing/render-app';
import { fakeTasksApi, makeTask } from '../../testing/tasks';
import { setupShellApiServer } from '../../testing/api-server';

// mfe_carrier's pieces are stubbed (the Module Federation runtime mocked); they have their own tests there.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const recentTasksProps: CarrierRecentTasksProps[] = [];
function StubRecentTasks(props: CarrierRecentTasksProps) {
  recentTasksProps.push(props);
  return <p>Vognmandens nyeste opgaver</p>;
}

const server = setupShellApiServer();

beforeEach(() => {
  recentTasksProps.length = 0;
  resetRemoteManifest();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id);
    if (id === 'mfe_carrier/RecentTasks') return { default: StubRecentTasks };
    return { default: () => null };
  });
  server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ remotes: { mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js' } })));
});

function statCards() {
  const list = screen.getByRole('list', { name: 'Opgaver i tal' });
  return within(list)
    .getAllByRole('link')
    .map((link) => `${link.querySelector('.stat-card__label')?.textContent} ${link.querySelector('.stat-card__count')?.textContent} ${link.getAttribute('href')}`);
}

const customer = makeUser({ id: 2, role: 'customer', name: 'Karen Kunde' });

describe('dashboard', () => {
  it("greets a customer and counts their own tasks, linking each card to the list it counted", async () => {
    const fake = fakeTasksApi(
      [
        makeTask({ id: 1, user_id: 2, status: 'open_for_bids' }),
        makeTask({ id: 2, user_id: 2, status: 'assigned' }),
        makeTask({ id: 3, user_id: 2, status: 'completed' }),
        makeTask({ id: 4, user_id: 9, status: 'open_for_bids' }),
      ],
      { viewerId: 2 },
    );
    server.use(...fake.handlers);
    setSession(customer);
    renderApp('/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Hej Karen Kunde!' })).toBeTruthy();
    await waitFor(() => expect(statCards()[0]).toBe('Alle opgaver 3 /BrowseTasks?mine=true'));
    expect(statCards()).toEqual([
      'Alle opgaver 3 /BrowseTasks?mine=true',
      'Aktive 2 /BrowseTasks?mine=true&status=active',
      'Afsluttede 1 /BrowseTasks?mine=true&status=completed',
      'Afventer accept 1 /BrowseTasks?mine=true&status=open_for_bids',
      'Afventer betaling 1 /BrowseTasks?mine=true&status=assigned',
    ]);
    expect(fake.requests.filter((r) => r.endsWith('&limit=1'))).toHaveLength(5);
    expect(fake.requests).toContain('GET /tasks?mine=true&status=assigned&page=1&limit=1');
    expect(screen.getByRole('link', { name: /Opret ny opgave/ }).getAttribute('href')).toBe('/create-task');
  });

  it("gives carriers 'Kan bydes på' and 'Vis opgaver åbne for bud', not 'Afventer betaling'", async () => {
    server.use(...fakeTasksApi([]).handlers);
    setSession(makeUser({ role: 'carrier', name: 'Viggo' }));
    // mfe_carrier's RecentTasks and the offline queue are lazy: the first render suspends.
    await renderAppAsync('/dashboard');
    await waitFor(() => expect(statCards()[0]).toBe('Alle opgaver 0 /tasks?mine=true'));
    expect(statCards()).toEqual([
      'Alle opgaver 0 /tasks?mine=true',
      'Aktive 0 /tasks?mine=true&status=active',
      'Afsluttede 0 /tasks?mine=true&status=completed',
      'Afventer accept 0 /tasks?mine=true&status=open_for_bids',
      'Kan bydes på 0 /tasks?available=true',
    ]);
    const quickActions = within(screen.getByRole('region', { name: 'Hurtige handlinger' }));
    expect(quickActions.getByRole('link', { name: /Vis opgaver åbne for bud/ }).getAttribute('href')).toBe('/tasks?available=true');
    expect(quickActions.queryByRole('link', { name: /Opret ny opgave/ })).toBeNull();
    // The newest tasks with the carrier's own payouts are mfe_carrier's.
    expect(await screen.findByText('Vognmandens nyeste opgaver')).toBeTruthy();
    expect(recentTasksProps.at(-1)).toEqual({ allHref: '/tasks?mine=true' });
  });

  it('counts all tasks for an admin and offers user administration', async () => {
    const fake = fakeTasksApi([makeTask({ id: 1 }), makeTask({ id: 2, status: 'cancelled' })]);
    server.use(...fake.handlers);
    setSession(makeUser({ role: 'admin', name: 'Ada' }));
    renderApp('/dashboard');
    await waitFor(() => expect(statCards()[0]).toBe('Alle opgaver 2 /tasks'));
    expect(statCards().slice(1)).toEqual([
      'Aktive 1 /tasks?status=active',
      'Afsluttede 0 /tasks?status=completed',
      'Afventer accept 1 /tasks?status=open_for_bids',
    ]);
    expect(fake.requests.some((r) => r.includes('mine'))).toBe(false);
    expect(screen.getByRole('link', { name: /Brugeradministration/ }).getAttribute('href')).toBe('/admin/users');
    expect(screen.getByRole('heading', { name: 'Nyeste opgaver' })).toBeTruthy();
  });

  it('lists the 8 newest tasks with their facts and links to all of them when there are more', async () => {
    const tasks = Array.from({ length: 11 }, (_, i) =>
      makeTask({ id: 50 - i, user_id: 2, type: 'courier', status: 'open_for_bids', bid_count: i, lowest_bid: i === 0 ? 999.5 : null }),
    );
    const fake = fakeTasksApi(tasks, { viewerId: 2 });
    server.use(...fake.handlers);
    setSession(customer);
    renderApp('/dashboard');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    const cells = within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['#50 Kurertransport', 'Åben for bud', '8000 Aarhus C → 2200 København N', '20.11.2026', '0', '999,50 DKK']);
    expect(within(rows[1]!).getAllByRole('cell').at(-1)!.textContent).toBe('–');
    expect(within(rows[0]!).getByRole('link', { name: '#50 Kurertransport' }).getAttribute('href')).toBe('/task/50');
    expect(screen.getByRole('link', { name: 'Se alle 11 opgaver →' }).getAttribute('href')).toBe('/BrowseTasks?mine=true');
    expect(fake.requests).toContain('GET /tasks?mine=true&page=1&limit=8');
  });

  it('names the newest tasks in Danish singular and plural', () => {
    expect(recentTasksCaption(1)).toBe('Den nyeste opgave');
    expect(recentTasksCaption(3)).toBe('De 3 nyeste opgaver');
    expect(recentTasksCaption(8)).toBe('De 8 nyeste opgaver');
  });

  it('has no "see all" link with 8 tasks or fewer', async () => {
    server.use(...fakeTasksApi([makeTask({ id: 1, user_id: 2 })], { viewerId: 2 }).handlers);
    setSession(customer);
    renderApp('/dashboard');
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: /Se alle \d+ opgaver/ })).toBeNull();
  });

  it("says 'Kunne ikke hente opgaver.' when the newest tasks cannot load, and tries again", async () => {
    let failing = true;
    server.use(
      http.get('/api/tasks', ({ request }) => {
        const limit = new URL(request.url).searchParams.get('limit');
        if (limit === '8' && failing) return HttpResponse.json({ code: 'unavailable', message: 'Nede' }, { status: 503 });
        return HttpResponse.json({ items: limit === '1' ? [] : [makeTask({ id: 77 })], total: 1, page: 1, limit: Number(limit) });
      }),
    );
    setSession(customer);
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente opgaver.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('link', { name: '#77 Flytning' })).toBeTruthy();
  });

  it('shows a dash on a stat card whose count failed', async () => {
    server.use(
      http.get('/api/tasks', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('status') === 'completed') return HttpResponse.json({ code: 'x', message: 'Nede' }, { status: 503 });
        return HttpResponse.json({ items: [], total: 4, page: 1, limit: Number(params.get('limit')) });
      }),
    );
    setSession(customer);
    renderApp('/dashboard');
    await waitFor(() => expect(statCards()[2]).toBe('Afsluttede – /BrowseTasks?mine=true&status=completed'));
    expect(statCards()[0]).toBe('Alle opgaver 4 /BrowseTasks?mine=true');
  });

  it('reminds a customer with an unconfirmed e-mail to confirm it (guest tasks join the account then) and resends the mail', async () => {
    const fake = fakeTasksApi([], { viewerId: 5 });
    const resent: unknown[] = [];
    server.use(
      ...fake.handlers,
      http.post('/api/auth/verify-request', async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ success: true });
      }),
    );
    setSession(makeUser({ id: 5, role: 'customer', email: 'gaest@example.dk', emailVerified: false }));
    renderApp('/dashboard');
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Bekræft din e-mail med linket, vi har sendt til gaest@example.dk.');
    expect(note.textContent).toContain('Opgaver, du har oprettet som gæst med den e-mail, bliver knyttet til din konto, når den er bekræftet.');
    await userEvent.click(within(note).getByRole('button', { name: 'Send bekræftelsesmail igen' }));
    expect(await within(note).findByRole('status')).toBeTruthy();
    expect(resent).toEqual([{ email: 'gaest@example.dk' }]);
  });

  it('says nothing about the e-mail once it is confirmed', () => {
    server.use(...fakeTasksApi([], { viewerId: 2 }).handlers);
    setSession(customer);
    renderApp('/dashboard');
    expect(screen.queryByText(/Bekræft din e-mail/)).toBeNull();
  });
});
