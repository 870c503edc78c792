import { http, HttpResponse } from 'msw';
import { setupApiServer } from '@fragtbud/web/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchUnreadNotifications, useNotifications, type BarNotification } from './notification-store';

const server = setupApiServer();

afterEach(() => {
  useNotifications.getState().clear();
});

const fromServer = (id: number, message = `Besked ${id}`): BarNotification => ({
  id: `notification-${id}`,
  notificationId: id,
  kind: 'info',
  message,
});

describe('notification store', () => {
  it('adds what the server sends (newest first) oldest first, once, keeping the newest 5', () => {
    const { receive } = useNotifications.getState();
    receive([fromServer(3), fromServer(2), fromServer(1)]);
    receive([fromServer(3), fromServer(2)]);
    expect(useNotifications.getState().notifications.map((n) => n.notificationId)).toEqual([1, 2, 3]);
    receive([fromServer(7), fromServer(6), fromServer(5), fromServer(4)]);
    expect(useNotifications.getState().notifications.map((n) => n.notificationId)).toEqual([3, 4, 5, 6, 7]);
  });

  it('never brings back one dismissed in this session; clear forgets', async () => {
    const reads: string[] = [];
    server.use(
      http.put('/api/notifications/:id/read', ({ params }) => {
        reads.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    const store = useNotifications.getState();
    store.receive([fromServer(1)]);
    store.dismiss('notification-1');
    store.receive([fromServer(1)]);
    expect(useNotifications.getState().notifications).toEqual([]);
    await expect.poll(() => reads).toEqual(['1']);

    store.clear();
    store.receive([fromServer(1)]);
    expect(useNotifications.getState().notifications).toHaveLength(1);
  });

  it('dismissing a local one asks the server nothing', async () => {
    const reads: string[] = [];
    server.use(
      http.put('/api/notifications/:id/read', ({ params }) => {
        reads.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    const store = useNotifications.getState();
    store.push({ id: 'lokal', kind: 'success', message: 'Bud afgivet' });
    store.dismiss('lokal');
    expect(useNotifications.getState().notifications).toEqual([]);
    // Then one from the server: its read is asked after anything the local one would have asked, so once it has
    // arrived, the list of reads is complete.
    store.receive([fromServer(9)]);
    store.dismiss('notification-9');
    await expect.poll(() => reads).toEqual(['9']);
  });
});

describe('fetchUnreadNotifications', () => {
  it('reads {items} or a bare array, skips read and malformed rows, and keeps the type, title and task link', async () => {
    server.use(
      http.get('/api/notifications', () =>
        HttpResponse.json([
          { id: 3, task_id: 12, type: 'error', title: 'Opgave #12', message: 'Opgaven er annulleret' },
          { id: 2, task_id: null, type: 'weird', message: '', data: { body: 'Tekst fra data.body' } },
          { id: 1, message: 'Allerede læst', read_at: '2026-03-01T10:00:00.000Z' },
          { id: 'x', message: 'Intet gyldigt id' },
        ]),
      ),
    );
    expect(await fetchUnreadNotifications()).toEqual([
      { id: 'notification-3', notificationId: 3, kind: 'error', title: 'Opgave #12', message: 'Opgaven er annulleret', href: '/task/12' },
      { id: 'notification-2', notificationId: 2, kind: 'info', title: undefined, message: 'Tekst fra data.body', href: undefined },
    ]);
  });
});
