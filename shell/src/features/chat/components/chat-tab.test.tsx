import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatLockTexts, type ChatMessageJson, type ChatThread } from '@fragtbud/contracts';
import { invalidateOnLiveEvents, liveEvents } from '@fragtbud/web';
import { createTestQueryClient, makeCustomerBid, makeUser, setupApiServer, withQueryClient } from '@fragtbud/web/testing';
import { ChatTab } from './chat-tab';

/** The browser's EventSource, played by the test: the one live channel sends what the test says. */
const sources = vi.hoisted(() => {
  const list: Array<{ send(type: string, data: unknown): void }> = [];
  class FakeEventSource {
    readyState = 1;
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
    send(type: string, data: unknown) {
      this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) })));
    }
  }
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  return list;
});

const server = setupApiServer();
const owner = makeUser({ id: 2, role: 'customer', name: 'Karen Kunde' });
const carrier = makeUser({ id: 3, role: 'carrier', name: 'Jens Kørsel' });
const task = { id: 5, user_id: owner.id };

let nextId = 100;
const message = (from: number, to: number, text: string, extra: Partial<ChatMessageJson> = {}): ChatMessageJson => ({
  id: nextId++,
  task_id: task.id,
  sender_id: from,
  receiver_id: to,
  bid_id: null,
  message: text,
  is_read: false,
  read_at: null,
  created_at: '2026-11-24T10:00:00.000Z',
  ...extra,
});

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

let stopLive: () => void = () => undefined;

/** As in the shell: one QueryClient, and the live stream invalidating what its events changed. */
function renderTab(route: string, viewer = owner, shownTask: { id: number; user_id: number | null } = task) {
  const client = createTestQueryClient();
  stopLive = invalidateOnLiveEvents(client, liveEvents);
  const view = render(
    withQueryClient(
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/task/:id" element={<ChatTab task={shownTask} viewer={viewer} />} />
        </Routes>
        <Probe />
      </MemoryRouter>,
      client,
    ),
  );
  return { ...view, client };
}

const threads: Record<number, ChatThread> = {};
/** What GET /chat/messages answers a carrier who names no partner: the thread with the task's customer. */
let customerThread: ChatThread;
const posted: unknown[] = [];
const postKeys: Array<string | null> = [];
const readCalls: unknown[] = [];

beforeEach(() => {
  posted.length = 0;
  postKeys.length = 0;
  readCalls.length = 0;
  customerThread = { items: [], total: 0, page: 1, limit: 100, lock: null, partner: { id: owner.id, name: 'Karen Jensen' } };
  threads[3] = { items: [message(3, 2, 'Vi kan komme tirsdag')], total: 1, page: 1, limit: 100, lock: null };
  threads[4] = { items: [], total: 0, page: 1, limit: 100, lock: null };
  server.use(
    http.get('/api/bids', () =>
      HttpResponse.json({
        items: [
          makeCustomerBid({ id: 11, carrier_id: 3, carrier_name: 'Jens Kørsel' }),
          makeCustomerBid({ id: 12, carrier_id: 4, carrier_name: 'Flyt & Co' }),
        ],
        total: 2,
        page: 1,
        limit: 100,
      }),
    ),
    http.get('/api/chat/threads', () =>
      HttpResponse.json({
        items: [{ task_id: 5, partner_id: 3, last_message: threads[3]!.items.at(-1), unread_count: threads[3]!.items.filter((m) => !m.is_read && m.sender_id === 3).length }],
        unread_total: 0,
      }),
    ),
    http.get('/api/chat/messages', ({ request }) => {
      const partnerId = new URL(request.url).searchParams.get('partnerId');
      return HttpResponse.json(partnerId === null ? customerThread : threads[Number(partnerId)]);
    }),
    http.put('/api/chat/threads/read', async ({ request }) => {
      readCalls.push(await request.json());
      for (const m of threads[3]!.items) if (m.sender_id === 3) Object.assign(m, { is_read: true, read_at: '2026-11-24T10:01:00.000Z' });
      return HttpResponse.json({ updated: 1, message_ids: [] });
    }),
    http.post('/api/chat/messages', async ({ request }) => {
      const body = (await request.json()) as { receiverId: number; message: string };
      posted.push(body);
      postKeys.push(request.headers.get('Idempotency-Key'));
      const sent = message(2, body.receiverId, body.message.replace(/\d{8}/, '[redigeret]'));
      return HttpResponse.json(sent, { status: 201 });
    }),
  );
});
/** The carrier's one thread on the task, with the customer (who is named by it), holding `first`. */
function carrierTalksToCustomer(first: ChatMessageJson) {
  threads[2] = { items: [first], total: 1, page: 1, limit: 100, lock: null };
  server.use(
    http.get('/api/chat/threads', () =>
      HttpResponse.json({ items: [{ task_id: 5, partner_id: 2, partner_name: 'Karen Jensen', last_message: first, unread_count: 0 }], unread_total: 0 }),
    ),
  );
}
/** A carrier who has written to nobody on the task yet. */
const noThreadsYet = () => server.use(http.get('/api/chat/threads', () => HttpResponse.json({ items: [], unread_total: 0 })));

afterEach(() => {
  stopLive();
  liveEvents.disconnect();
});

describe('chat tab', () => {
  it('when the owner opens it, then the bidders are listed, chatWith picks one, and opening it marks it read', async () => {
    renderTab('/task/5?tab=chat&chatWith=3');
    const partners = await screen.findByRole('navigation', { name: 'Samtaler' });
    await waitFor(() => expect(within(partners).getAllByRole('button').map((b) => b.textContent)).toEqual(['Jens Kørsel', 'Flyt & Co']));
    expect(await screen.findByText('Vi kan komme tirsdag')).toBeTruthy();
    await waitFor(() => expect(readCalls).toEqual([{ taskId: 5, partnerId: 3 }]));

    await userEvent.click(within(partners).getByRole('button', { name: 'Flyt & Co' }));
    expect(screen.getByTestId('location').textContent).toBe('?tab=chat&chatWith=4');
    expect(await screen.findByText('Ingen beskeder endnu.')).toBeTruthy();
  });

  it('names the open conversation with a level-2 heading, right under the page title (no skipped level)', async () => {
    renderTab('/task/5?tab=chat&chatWith=3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jens Kørsel' })).toBeTruthy();
  });

  it('when the owner writes, then the message is sent to the partner, shown, and a phone number is previewed as removed', async () => {
    renderTab('/task/5?tab=chat&chatWith=3');
    const input = await screen.findByLabelText('Besked til Jens Kørsel');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(input, 'Ring på 12345678');
    expect(screen.getByText(/Sendes som:/).textContent).toContain('Ring på [redigeret]');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText(/Sendes som:/).id);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(posted).toEqual([{ taskId: 5, receiverId: 3, message: 'Ring på 12345678' }]);
    expect(await screen.findByText('Ring på [redigeret]')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('when the rules lock the thread, then the lock text stands where the input would be', async () => {
    threads[3]!.lock = { code: 'bid_chosen', message: chatLockTexts.bid_chosen };
    renderTab('/task/5?tab=chat&chatWith=3');
    const lock = await screen.findByText('Bud er valgt – kun vinder-carrier kan skrive');
    expect(lock.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('when a carrier opens it before any message, then they talk to the customer by name, not "Kunden"', async () => {
    threads[2] = { items: [], total: 0, page: 1, limit: 100, lock: null, partner: { id: owner.id, name: 'Karen Jensen' } };
    noThreadsYet();
    renderTab('/task/5?tab=chat', carrier);
    expect(await screen.findByLabelText('Besked til Karen Jensen')).toBeTruthy();
    const partners = screen.getByRole('navigation', { name: 'Samtaler' });
    await waitFor(() => expect(within(partners).getAllByRole('button').map((b) => b.textContent)).toEqual(['Karen Jensen']));
    expect(screen.queryByText(/Kunden/)).toBeNull();
  });

  it('when a carrier who has not bid opens it (the task does not name its customer), then they may write to the customer', async () => {
    threads[2] = { items: [], total: 0, page: 1, limit: 100, lock: null, partner: { id: owner.id, name: 'Karen Jensen' } };
    noThreadsYet();
    renderTab('/task/5?tab=chat', carrier, { id: 5, user_id: null });
    const input = await screen.findByLabelText('Besked til Karen Jensen');
    expect(screen.queryByText('Ingen at skrive med endnu')).toBeNull();
    await userEvent.type(input, 'Hvor tungt er sofabordet?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toEqual([{ taskId: 5, receiverId: owner.id, message: 'Hvor tungt er sofabordet?' }]));
  });

  it.each([['max_bids_no_bid'], ['bid_chosen'], ['closed']] as const)(
    'when a carrier who has not bid may not write (%s), then the spec lock text stands instead of the input',
    async (code) => {
      customerThread = { items: [], total: 0, page: 1, limit: 100, lock: { code, message: chatLockTexts[code] }, partner: null };
      noThreadsYet();
      renderTab('/task/5?tab=chat', carrier, { id: 5, user_id: null });
      const lock = await screen.findByText(chatLockTexts[code]);
      expect(lock.getAttribute('role')).toBe('status');
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByText('Ingen at skrive med endnu')).toBeNull();
    },
  );

  it('when Send is double-clicked, then one message is posted, with an Idempotency-Key, and the button is disabled while it goes', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/chat/messages', async ({ request }) => {
        const body = (await request.json()) as { receiverId: number; message: string };
        posted.push(body);
        postKeys.push(request.headers.get('Idempotency-Key'));
        await held;
        return HttpResponse.json(message(2, body.receiverId, body.message), { status: 201 });
      }),
    );
    renderTab('/task/5?tab=chat&chatWith=3');
    await userEvent.type(await screen.findByLabelText('Besked til Jens Kørsel'), 'Kan I komme fredag?');
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sender…' }).hasAttribute('disabled')).toBe(true));
    release();
    expect(await screen.findByText('Kan I komme fredag?', { selector: '.chat-message__text' })).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(postKeys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,}$/);
  });

  it('when the page is left before sending (the session ran out, a reload), then the draft is back; once sent, it is gone', async () => {
    const first = renderTab('/task/5?tab=chat&chatWith=3');
    await userEvent.type(await screen.findByLabelText('Besked til Jens Kørsel'), 'Vi har tre kasser');
    first.unmount();
    stopLive();

    renderTab('/task/5?tab=chat&chatWith=3');
    const input = (await screen.findByLabelText('Besked til Jens Kørsel')) as HTMLTextAreaElement;
    expect(input.value).toBe('Vi har tre kasser');
    // Another partner has their own (empty) draft.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Samtaler' })).getByRole('button', { name: 'Flyt & Co' }));
    expect(((await screen.findByLabelText('Besked til Flyt & Co')) as HTMLTextAreaElement).value).toBe('');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Samtaler' })).getByRole('button', { name: 'Jens Kørsel' }));
    const again = (await screen.findByLabelText('Besked til Jens Kørsel')) as HTMLTextAreaElement;
    expect(again.value).toBe('Vi har tre kasser');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(again.value).toBe(''));
    expect(Object.keys(sessionStorage).filter((key) => key.includes('chat-draft'))).toEqual([]);
  });

  it('when the thread names the customer, then a carrier sees their name, not a role or a number', async () => {
    carrierTalksToCustomer(message(2, 3, 'Hej'));
    renderTab('/task/5?tab=chat', carrier);
    expect(await screen.findByLabelText('Besked til Karen Jensen')).toBeTruthy();
    const partners = screen.getByRole('navigation', { name: 'Samtaler' });
    expect(within(partners).getAllByRole('button').map((b) => b.textContent)).toEqual(['Karen Jensen']);
  });

  it('when a message arrives on the live stream, then the thread shows it without a reload', async () => {
    liveEvents.connect();
    renderTab('/task/5?tab=chat&chatWith=3');
    expect(await screen.findByText('Vi kan komme tirsdag')).toBeTruthy();
    const incoming = message(3, 2, 'Vi har en ledig bil i morgen');
    threads[3]!.items.push(incoming);
    sources.at(-1)!.send('chat.message', incoming);
    expect(await screen.findByText('Vi har en ledig bil i morgen')).toBeTruthy();
  });

  it('when a carrier has the chat open and the bid limit is reached (bid.placed on the stream), then the lock replaces the input', async () => {
    liveEvents.connect();
    carrierTalksToCustomer(message(3, 2, 'Hvor tungt er sofabordet?'));
    const { client } = renderTab('/task/5?tab=chat', carrier);
    expect(await screen.findByLabelText('Besked til Karen Jensen')).toBeTruthy();
    expect(await screen.findByText('Hvor tungt er sofabordet?')).toBeTruthy();
    await waitFor(() => expect(client.isFetching()).toBe(0));

    // Another carrier's bid fills the last slot: svc-chat now locks this carrier, who has not bid.
    threads[2]!.lock = { code: 'max_bids_no_bid', message: chatLockTexts.max_bids_no_bid };
    // Another task's bid changes nothing here. The stream hands an event to the cache at once, and a stale query on
    // screen starts its refetch there and then: had the event touched this chat, a query would be asking right now.
    sources.at(-1)!.send('bid.placed', { taskId: 6 });
    expect(client.isFetching()).toBe(0);
    expect(client.getQueryCache().findAll({ predicate: (query) => query.state.isInvalidated })).toEqual([]);
    // This task's bid, handed over the same way, is what shows the lock (so the check above could have seen a refetch).
    sources.at(-1)!.send('bid.placed', { taskId: 5 });
    expect(client.isFetching()).toBeGreaterThan(0);
    const lock = await screen.findByText(chatLockTexts.max_bids_no_bid);
    expect(lock.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('when the task is cancelled while a carrier who has not written yet has the chat open (task.status), then the closed lock shows', async () => {
    liveEvents.connect();
    threads[2] = { items: [], total: 0, page: 1, limit: 100, lock: null, partner: { id: owner.id, name: 'Karen Jensen' } };
    noThreadsYet();
    renderTab('/task/5?tab=chat', carrier, { id: 5, user_id: null });
    expect(await screen.findByLabelText('Besked til Karen Jensen')).toBeTruthy();

    const closed = { code: 'closed' as const, message: chatLockTexts.closed };
    customerThread = { items: [], total: 0, page: 1, limit: 100, lock: closed, partner: null };
    threads[2] = { ...threads[2], lock: closed };
    sources.at(-1)!.send('task.status', { taskId: 5, status: 'cancelled' });
    expect(await screen.findByText(chatLockTexts.closed)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
