import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { useSession, type Role } from '@fragtbud/web';
import { noReviews, noSuchTask, noTasks } from '../testing/handlers';
import { renderApp, renderAppAsync } from '../testing/render-app';
import { setupShellApiServer } from '../testing/api-server';

// Remote loading is covered in remote-app.test.tsx; here a remote simply renders its name.
vi.mock('../remotes/load-remote-app', async () => {
  const { stubRemoteContract } = await import('../testing/remote-contract');
  return { loadRemoteApp: async (name: string) => ({ default: () => <p>Remote {name}</p>, contract: stubRemoteContract(`${name}/contract`) }) };
});

const server = setupShellApiServer(noReviews, noTasks, noSuchTask);

const location = () => screen.getByTestId('location').textContent;
const signIn = (role: Role | null) => setSession(role ? makeUser({ role, name: 'Test Person' }) : null);

describe('route table', () => {
  it.each<[string, Role | null, string]>([
    ['/dashboard', null, '/login?next=/dashboard'],
    ['/tasks', null, '/login?next=/tasks'],
    ['/tasks', 'customer', '/dashboard'],
    ['/AdminDashboard', null, '/login?next=/AdminDashboard'],
    ['/AdminDashboard?tab=users', 'customer', '/dashboard'],
    ['/admin/users', 'carrier', '/dashboard'],
    ['/create-task?type=moving', 'carrier', '/BrowseTasks'],
    ['/tasks/create', 'carrier', '/BrowseTasks'],
    ['/task/12', null, '/login?next=/task/12'],
    ['/tasks/12', 'customer', '/task/12'],
    ['/no/such/page', null, '/'],
  ])('%s as %s goes to %s', async (path, role, expected) => {
    signIn(role);
    // A redirect renders the page it lands on within the same act, and React takes that page's use() of its chunk
    // (loaded, but a promise) for a suspension: in render()'s act the page would stop there.
    await renderAppAsync(path);
    await waitFor(() => expect(location()).toBe(expected));
  });

  it("when a carrier opens /create-task, then they land on /BrowseTasks told 'Carriers kan ikke oprette opgaver.'", async () => {
    signIn('carrier');
    renderApp('/create-task?type=moving');
    await waitFor(() => expect(location()).toBe('/BrowseTasks'));
    expect((await screen.findByText('Carriers kan ikke oprette opgaver.')).getAttribute('role')).toBe('status');
  });

  it.each<Role>(['carrier', 'admin'])('lets carriers and admins see /tasks: %s', async (role) => {
    signIn(role);
    renderApp('/tasks?type=moving');
    expect(location()).toBe('/tasks?type=moving');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opgaver' })).toBeTruthy();
  });

  it('says a non-numeric task id is invalid', async () => {
    signIn('customer');
    renderApp('/task/abc');
    expect((await screen.findByRole('alert')).textContent).toContain('Ugyldigt opgave-id');
  });

  it('loads the customer remote for task creation, for visitors too', async () => {
    signIn(null);
    renderApp('/create-task?type=moving&guest=1');
    expect(await screen.findByText('Remote mfe_customer')).toBeTruthy();
  });

  it('loads the admin remote for admins only', async () => {
    signIn('admin');
    renderApp('/admin/users');
    expect(await screen.findByText('Remote mfe_admin')).toBeTruthy();
  });

  it('greets a carrier on the dashboard with their quick actions and their newest tasks from mfe_carrier', async () => {
    signIn('carrier');
    // mfe_carrier's RecentTasks and the offline queue are lazy: the first render suspends.
    await renderAppAsync('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hej Test Person!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Vis opgaver åbne for bud/ }).getAttribute('href')).toBe('/tasks?available=true');
    expect(screen.queryByRole('link', { name: /Opret ny opgave/ })).toBeNull();
    // The carrier's newest tasks (with their own payouts) are mfe_carrier's.
    expect(await screen.findByText('Remote mfe_carrier')).toBeTruthy();
  });

  it('greets a customer on the dashboard with their quick actions', async () => {
    signIn('customer');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hej Test Person!' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Opret ny opgave/ })[0]!.getAttribute('href')).toBe('/create-task');
    expect(screen.queryByRole('link', { name: /Vis opgaver åbne for bud/ })).toBeNull();
  });

  it('waits for the session before deciding where a deep link goes', () => {
    setSession(null);
    useSession.setState({ status: 'loading' });
    renderApp('/dashboard');
    expect(location()).toBe('/dashboard');
    expect(screen.getAllByText('Indlæser…').length).toBeGreaterThan(0);
  });

  it("when a call answers 401 in the middle of a flow, then the page says 'Session udløbet – log ind igen' and asks to sign in again", async () => {
    signIn('customer');
    server.use(http.get('/api/tasks', () => HttpResponse.json({ code: 'unauthorized', message: 'Ikke logget ind' }, { status: 401 })));
    renderApp('/dashboard');
    await waitFor(() => expect(location()).toBe('/login?next=/dashboard'));
    expect(screen.getByRole('alert').textContent).toContain('Session udløbet – log ind igen');
    expect(useSession.getState()).toMatchObject({ user: null, expired: true });
  });
});
