import { act, screen } from '@testing-library/react';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEvents, queryKeys } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { NotificationBar } from './notification-bar';
import { useNotifications } from './notification-store';

/** The browser's EventSource, played by the test (installed before @fragtbud/web creates its live channel). */
const sources = vi.hoisted(() => {
  const list: Array<{ send(type: string, data: unknown): void; open(): void }> = [];
  class FakeEventSource {
    readyState = 0;
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
    constructor() {
      list.push(this);
    }
    addEventListener(type: string, listener: (event: MessageEvent) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close() {
      this.readyState = 2;
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    send(type: string, data: unknown) {
      this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) })));
    }
  }
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  return list;
});

/**
 * A query beside the bar's that asks again on every focus. The client hands a focus to all its queries in one go (after
 * resuming paused mutations, so not within the focus event itself): once this one has asked, the bar's query has
 * decided whether to ask too.
 */
function focusProbe(client: QueryClient) {
  let asked = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['focus-probe'],
    queryFn: () => ++asked,
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });
  const stop = observer.subscribe(() => undefined);
  return { asked: () => asked, stop };
}

const server = setupApiServer();
afterEach(() => {
  liveEvents.disconnect();
  useNotifications.getState().clear();
});

describe('notification bar, fed by the live stream', () => {
  it('when a notification arrives on GET /api/events, then the bar shows it at once; while the stream is open, a focus asks the server nothing', async () => {
    let gets = 0;
    server.use(
      http.get('/api/notifications', () => {
        gets += 1;
        return HttpResponse.json({ items: [] });
      }),
    );
    const user = makeUser({ id: 7, role: 'customer' });
    setSession(user);
    liveEvents.connect();
    sources.at(-1)!.open();
    const { client } = renderWithQueryClient(
      <MemoryRouter>
        <NotificationBar />
      </MemoryRouter>,
    );
    const bar = () => client.getQueryState(queryKeys.unreadNotifications(user.id));
    await vi.waitFor(() => expect(bar()?.dataUpdateCount).toBe(1));

    // Shown from the event itself: on screen as soon as the event is handled, with no request under way.
    act(() =>
      sources.at(-1)!.send('notification', {
        id: 31,
        task_id: 12,
        user_id: 7,
        type: 'info',
        kind: 'new_bid',
        title: 'Opgave #12',
        message: 'Nyt bud på din opgave',
        subject: 'Nyt bud',
        data: { body: 'Nyt bud på din opgave' },
        is_read: false,
        read_at: null,
        created_at: '2026-11-24T10:00:00.000Z',
      }),
    );
    expect(screen.getByText('Nyt bud på din opgave').closest('li')?.querySelector('a')?.getAttribute('href')).toBe('/task/12');
    expect(bar()?.fetchStatus).toBe('idle');

    const probe = focusProbe(client);
    await vi.waitFor(() => expect(probe.asked()).toBe(1));
    act(() => window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(probe.asked()).toBe(2));
    // The bar's query has had the same focus: it neither asks now nor has asked and been answered.
    expect(bar()?.fetchStatus).toBe('idle');
    expect(bar()?.dataUpdateCount).toBe(1);
    expect(gets).toBe(1);
    probe.stop();
  });
});
