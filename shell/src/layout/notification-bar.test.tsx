import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, useSession } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from './notification-bar';
import { useNotifications } from './notification-store';

interface ServerNotification {
  id: number;
  task_id: number | null;
  user_id: number;
  type: 'info' | 'success' | 'error';
  kind: string;
  title: string;
  message: string;
  subject: string;
  data: { body: string };
  is_read: boolean;
  read_at: string | null;
  created_at: string;
}

const notification = (id: number, message: string, overrides: Partial<ServerNotification> = {}): ServerNotification => ({
  id,
  task_id: 40 + id,
  user_id: 7,
  type: 'info',
  kind: 'task_status',
  title: `Opgave #${40 + id}`,
  message,
  subject: 'Statusopdatering',
  data: { body: message },
  is_read: false,
  read_at: null,
  created_at: new Date(Date.UTC(2026, 2, 1, 10, id)).toISOString(),
  ...overrides,
});

/** svc-chat as the bar sees it through the gateway: unread, newest first, at most `limit`; PUT marks read. */
function fakeChat(initial: ServerNotification[] = []) {
  const state = {
    rows: [...initial],
    gets: [] as URL[],
    reads: [] as number[],
    failGets: false,
    failReads: false,
  };
  const handlers = [
    http.get('/api/notifications', ({ request }) => {
      const url = new URL(request.url);
      state.gets.push(url);
      if (state.failGets) return HttpResponse.json({ code: 'internal_error', message: 'Noget gik galt' }, { status: 500 });
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const unread = state.rows.filter((row) => !row.is_read || url.searchParams.get('unread') !== '1');
      return HttpResponse.json({ items: [...unread].sort((a, b) => b.id - a.id).slice(0, limit) });
    }),
    http.put('/api/notifications/:id/read', ({ params }) => {
      const id = Number(params.id);
      state.reads.push(id);
      if (state.failReads) return HttpResponse.json({ code: 'internal_error', message: 'Noget gik galt' }, { status: 500 });
      const row = state.rows.find((r) => r.id === id);
      if (!row) return HttpResponse.json({ code: 'notification_not_found', message: 'Notifikationen blev ikke fundet' }, { status: 404 });
      row.is_read = true;
      row.read_at = new Date().toISOString();
      return HttpResponse.json(row);
    }),
  ];
  return { state, handlers };
}

const server = setupApiServer();

/** A page with the bar, a way to navigate, and the current path. */
function Harness() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <NotificationBar />
      <button type="button" onClick={() => navigate(`/side-${Math.random().toString(36).slice(2)}`)}>
        Naviger
      </button>
      <output data-testid="location">{location.pathname}</output>
    </>
  );
}

const renderBar = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/']}>
      <Harness />
    </MemoryRouter>,
  );

const customer = makeUser({ id: 7, role: 'customer' });

/** The bar's query is asking the server right now (a refetch starts in the handler that decides on it). */
const fetching = (client: QueryClient) => client.isFetching({ queryKey: queryKeys.notifications() });
/** The latest answer (or failure) has arrived and been handed to the bar (a 401 ends the session: the cache is gone). */
async function answered(client: QueryClient, count: number) {
  await waitFor(() => {
    const state = client.getQueryState(queryKeys.unreadNotifications(customer.id));
    if (state === undefined && useSession.getState().user === null) return;
    expect(state?.fetchStatus).toBe('idle');
    expect((state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0)).toBe(count);
  });
}

beforeEach(() => {
  setSession(null);
});
afterEach(() => {
  useNotifications.getState().clear();
  vi.useRealTimers();
});

describe('notification bar, fed locally', () => {
  it('renders nothing without notifications', () => {
    const { container } = renderBar();
    expect(container.querySelector('.notification-bar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Beskeder' })).toBeNull();
  });

  it('keeps the newest 5, each dismissible', async () => {
    for (let i = 1; i <= 6; i++) useNotifications.getState().push({ id: i, kind: 'info', message: `Besked ${i}` });
    renderBar();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText('Besked 1')).toBeNull();
    expect(screen.getByText('Besked 6')).toBeTruthy();

    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Luk besked' })[0]!);
    expect(screen.queryByText('Besked 2')).toBeNull();
  });

  it('dismisses a notification after 6 seconds', () => {
    vi.useFakeTimers();
    useNotifications.getState().push({ id: 1, kind: 'success', message: 'Bud afgivet' });
    renderBar();
    expect(screen.getByText('Bud afgivet')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_999));
    expect(screen.getByText('Bud afgivet')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Bud afgivet')).toBeNull();
  });

  it('collapses and expands, the count staying in view', async () => {
    useNotifications.getState().push({ id: 1, kind: 'info', message: 'Besked 1' });
    useNotifications.getState().push({ id: 2, kind: 'info', message: 'Besked 2' });
    renderBar();
    const user = userEvent.setup();
    expect(screen.getByText('2 nye beskeder')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skjul beskeder' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.getByText('2 nye beskeder')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vis beskeder' }).getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Vis beskeder' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('notification bar on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is one line with the count at first, and opens on request', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: media === '(max-width: 640px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    for (let i = 1; i <= 3; i++) useNotifications.getState().push({ id: i, kind: 'info', message: `Besked ${i}` });
    renderBar();
    expect(screen.getByText('3 nye beskeder')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Vis beskeder' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('notification bar, fed by GET /api/notifications', () => {
  it('asks nothing for a visitor and stays hidden', async () => {
    const chat = fakeChat([notification(1, 'Varerne er afhentet')]);
    server.use(...chat.handlers);
    const { client } = renderBar();
    // The query would have started asking when it mounted (the render ran its effects).
    expect(fetching(client)).toBe(0);
    expect(chat.state.gets).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Beskeder' })).toBeNull();
  });

  it("when a user is signed in, then it asks for ?unread=1&limit=5 and shows the user's unread ones with their task", async () => {
    const chat = fakeChat([
      notification(1, 'Carrier er tildelt opgaven', { type: 'success' }),
      notification(2, 'Varerne er afhentet'),
      notification(3, 'Opgaven er annulleret', { type: 'error', task_id: 99, title: 'Opgave #99' }),
      notification(4, 'Læst for længe siden', { is_read: true, read_at: '2026-03-01T10:00:00.000Z' }),
    ]);
    server.use(...chat.handlers);
    setSession(customer);
    renderBar();

    expect(await screen.findByText('Opgaven er annulleret')).toBeTruthy();
    expect(chat.state.gets).toHaveLength(1);
    expect(chat.state.gets[0]!.searchParams.get('unread')).toBe('1');
    expect(chat.state.gets[0]!.searchParams.get('limit')).toBe('5');
    expect(screen.getByRole('region', { name: 'Beskeder' })).toBeTruthy();
    expect(screen.getByText('3 nye beskeder')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Carrier er tildelt opgaven',
      'Varerne er afhentet',
      'Opgaven er annulleret',
    ]);
    expect(screen.queryByText('Læst for længe siden')).toBeNull();
    const cancelled = screen.getByText('Opgaven er annulleret').closest('li')!;
    expect(cancelled.className).toContain('notification--error');
    expect(cancelled.textContent).toContain('Opgave #99');
    expect(cancelled.querySelector('a')?.getAttribute('href')).toBe('/task/99');
  });

  it('when a notification is dismissed, then it is marked read and does not come back on the next fetch', async () => {
    const chat = fakeChat([notification(1, 'Varerne er på vej'), notification(2, 'Varerne er leveret')]);
    server.use(...chat.handlers);
    setSession(customer);
    const { client } = renderBar();
    const user = userEvent.setup();
    await screen.findByText('Varerne er leveret');

    const item = screen.getByText('Varerne er på vej').closest('li')!;
    await user.click(item.querySelector('button')!);
    expect(screen.queryByText('Varerne er på vej')).toBeNull();
    await waitFor(() => expect(chat.state.reads).toEqual([1]));

    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(chat.state.gets).toHaveLength(2));
    await answered(client, 2);
    expect(screen.queryByText('Varerne er på vej')).toBeNull();
    expect(screen.getByText('Varerne er leveret')).toBeTruthy();
  });

  it('when marking read fails, then it is gone from the bar all the same and no error shows', async () => {
    const chat = fakeChat([notification(1, 'Varerne er på vej')]);
    chat.state.failReads = true;
    server.use(...chat.handlers);
    setSession(customer);
    const { client } = renderBar();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Luk besked' }));
    await waitFor(() => expect(chat.state.reads).toEqual([1]));
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(chat.state.gets).toHaveLength(2));
    await answered(client, 2);
    expect(screen.queryByRole('region', { name: 'Beskeder' })).toBeNull();
  });

  it('when the link to the task is followed, then the notification is dismissed (and marked read)', async () => {
    const chat = fakeChat([notification(5, 'Varerne er leveret', { task_id: 12 })]);
    server.use(...chat.handlers);
    setSession(customer);
    renderBar();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Se opgaven' }));
    expect(screen.getByTestId('location').textContent).toBe('/task/12');
    expect(screen.queryByText('Varerne er leveret')).toBeNull();
    await waitFor(() => expect(chat.state.reads).toEqual([5]));
  });

  it('when 6 seconds pass, then each is dismissed and marked read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const chat = fakeChat([notification(1, 'Varerne er afhentet'), notification(2, 'Varerne er på vej')]);
    server.use(...chat.handlers);
    setSession(customer);
    renderBar();
    await screen.findByText('Varerne er på vej');
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByRole('region', { name: 'Beskeder' })).toBeNull();
    await waitFor(() => expect([...chat.state.reads].sort()).toEqual([1, 2]));
  });

  it('when more arrive than fit, then the newest 5 are kept', async () => {
    const chat = fakeChat([1, 2, 3, 4, 5].map((id) => notification(id, `Besked ${id}`)));
    server.use(...chat.handlers);
    setSession(customer);
    renderBar();
    await screen.findByText('Besked 5');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);

    chat.state.rows.push(notification(6, 'Besked 6'), notification(7, 'Besked 7'));
    act(() => window.dispatchEvent(new Event('focus')));
    await screen.findByText('Besked 7');
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Besked 3',
      'Besked 4',
      'Besked 5',
      'Besked 6',
      'Besked 7',
    ]);
  });

  it('asks again on navigation only once 30 seconds have passed, and on every window focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const chat = fakeChat();
    server.use(...chat.handlers);
    setSession(customer);
    const { client } = renderBar();
    const user = userEvent.setup();
    await waitFor(() => expect(chat.state.gets).toHaveLength(1));
    await answered(client, 1);

    // The navigation's effect decides at once: a refetch would be under way right after the click.
    await user.click(screen.getByRole('button', { name: 'Naviger' }));
    expect(fetching(client)).toBe(0);
    expect(chat.state.gets).toHaveLength(1);

    vi.setSystemTime(Date.now() + 29_000);
    await user.click(screen.getByRole('button', { name: 'Naviger' }));
    expect(fetching(client)).toBe(0);
    expect(chat.state.gets).toHaveLength(1);

    vi.setSystemTime(Date.now() + 1_500);
    chat.state.rows.push(notification(1, 'Varerne er leveret'));
    await user.click(screen.getByRole('button', { name: 'Naviger' }));
    await waitFor(() => expect(chat.state.gets).toHaveLength(2));
    expect(await screen.findByText('Varerne er leveret')).toBeTruthy();

    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(chat.state.gets).toHaveLength(3));
  });

  it.each([
    ['answers 500', () => HttpResponse.json({ code: 'internal_error', message: 'Noget gik galt' }, { status: 500 })],
    ['answers 401', () => HttpResponse.json({ code: 'unauthorized', message: 'Session udløbet – log ind igen' }, { status: 401 })],
    ['is unreachable', () => HttpResponse.error()],
    ['answers HTML', () => new HttpResponse('<html>Bad gateway</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
    ['answers nonsense', () => HttpResponse.json({ items: [{ id: 'x' }, null, 7, { id: 3 }] })],
  ])('when the API %s, then the bar stays empty and nothing is shown', async (_, answer) => {
    let asked = 0;
    server.use(
      http.get('/api/notifications', () => {
        asked += 1;
        return answer();
      }),
    );
    setSession(customer);
    const { container, client } = renderBar();
    await waitFor(() => expect(asked).toBe(1));
    await answered(client, 1);
    expect(container.querySelector('.notification-bar')).toBeNull();
    expect(screen.queryByText(/Noget gik galt|Session udløbet/)).toBeNull();
  });

  it('when the user signs out, then the bar empties; another user gets their own', async () => {
    const chat = fakeChat([notification(1, 'Varerne er afhentet')]);
    server.use(...chat.handlers);
    setSession(customer);
    renderBar();
    await screen.findByText('Varerne er afhentet');

    act(() => useSession.setState({ user: null, status: 'ready' }));
    expect(screen.queryByRole('region', { name: 'Beskeder' })).toBeNull();

    chat.state.rows = [notification(2, 'Carrier er tildelt opgaven', { user_id: 8 })];
    act(() => setSession(makeUser({ id: 8, role: 'customer' })));
    expect(await screen.findByText('Carrier er tildelt opgaven')).toBeTruthy();
    expect(screen.queryByText('Varerne er afhentet')).toBeNull();
    expect(chat.state.gets).toHaveLength(2);
  });
});
