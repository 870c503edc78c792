import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEvents } from '@fragtbud/web';
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

const server = setupApiServer();
afterEach(() => {
  liveEvents.disconnect();
  useNotifications.getState().clear();
});

describe('notification bar, fed by the live stream', () => {
  it("when a notification arrives on GET /api/events, then the bar shows it at once, without asking the server again", async () => {
    let gets = 0;
    server.use(
      http.get('/api/notifications', () => {
        gets += 1;
        return HttpResponse.json({ items: [] });
      }),
    );
    setSession(makeUser({ id: 7, role: 'customer' }));
    liveEvents.connect();
    sources.at(-1)!.open();
    renderWithQueryClient(
      <MemoryRouter>
        <NotificationBar />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(gets).toBe(1));
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
    });
    expect(await screen.findByText('Nyt bud på din opgave')).toBeTruthy();
    expect(screen.getByText('Nyt bud på din opgave').closest('li')?.querySelector('a')?.getAttribute('href')).toBe('/task/12');
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets).toBe(1);
  });
});
