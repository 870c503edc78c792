import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { ChatUnreadLink } from './chat-unread-link';

const server = setupApiServer();
const thread = (taskId: number, partnerId: number, unread: number) => ({
  task_id: taskId,
  partner_id: partnerId,
  unread_count: unread,
  last_message: { id: taskId * 10, task_id: taskId, sender_id: partnerId, receiver_id: 2, bid_id: null, message: 'Hej', is_read: false, read_at: null, created_at: '2026-11-24T10:00:00.000Z' },
});

describe('header unread chat count', () => {
  it('when messages are unread, then the count links to the newest unread thread', async () => {
    server.use(http.get('/api/chat/threads', () => HttpResponse.json({ items: [thread(7, 3, 0), thread(5, 4, 2)], unread_total: 2 })));
    setSession(makeUser({ id: 2, role: 'customer' }));
    renderWithQueryClient(
      <MemoryRouter>
        <ChatUnreadLink />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: '2 ulæste beskeder' });
    expect(link.getAttribute('href')).toBe('/task/5?tab=chat&chatWith=4');
  });

  it('when nothing is unread, then nothing is shown', async () => {
    let asked = false;
    server.use(
      http.get('/api/chat/threads', () => {
        asked = true;
        return HttpResponse.json({ items: [thread(7, 3, 0)], unread_total: 0 });
      }),
    );
    setSession(makeUser({ id: 2, role: 'customer' }));
    const { container, client } = renderWithQueryClient(
      <MemoryRouter>
        <ChatUnreadLink />
      </MemoryRouter>,
    );
    // The threads have arrived and the link has been rendered with them.
    await waitFor(() => expect(client.getQueryState(queryKeys.unreadChats(2))?.status).toBe('success'));
    expect(asked).toBe(true);
    expect(container.textContent).toBe('');
  });
});
