import { http, HttpResponse } from 'msw';
import type { User } from '@fragtbud/web';
import { makeUser } from '@fragtbud/web/testing';

/** A small in-memory users API for the admin tests: list with filters, one user, approve/reject/block/unblock, delete. */
export function fakeUsersApi(initial: User[]) {
  let users = initial.map((user) => ({ ...user }));
  const requests: string[] = [];

  const handlers = [
    http.get('/api/admin/tasks/pending-count', () => HttpResponse.json({ code: 'not_found', message: 'Ikke fundet' }, { status: 404 })),
    http.get('/api/admin/carriers/pending-count', () =>
      HttpResponse.json({ count: users.filter((u) => u.role === 'carrier' && !u.is_approved && !u.is_blocked).length }),
    ),
    http.get('/api/admin/users/blocked-count', () => HttpResponse.json({ count: users.filter((u) => u.is_blocked).length })),
    // No deletion requests unless a test serves fakeDeletionRequestsApi.
    http.get('/api/admin/deletion-requests', () => HttpResponse.json({ items: [], total: 0 })),
    http.get('/api/users', ({ request }) => {
      const url = new URL(request.url);
      requests.push(`GET /users${url.search}`);
      const role = url.searchParams.get('role');
      const q = url.searchParams.get('q')?.toLowerCase();
      const items = users
        .filter((u) => !role || (role === 'blocked' ? u.is_blocked : u.role === role))
        .filter((u) => !q || [u.name, u.email, u.company].some((text) => text?.toLowerCase().includes(q)));
      return HttpResponse.json({ items, total: items.length, page: 1, limit: Number(url.searchParams.get('limit') ?? 20) });
    }),
    http.get('/api/users/:id', ({ params }) => {
      const user = users.find((u) => u.id === Number(params.id));
      if (!user) return HttpResponse.json({ code: 'user_not_found', message: 'Brugeren blev ikke fundet' }, { status: 404 });
      return HttpResponse.json({ user });
    }),
    http.put('/api/admin/users/:id/:action', ({ params }) => {
      requests.push(`PUT /admin/users/${params.id}/${params.action}`);
      const user = users.find((u) => u.id === Number(params.id));
      if (!user) return HttpResponse.json({ code: 'not_found', message: 'Brugeren blev ikke fundet' }, { status: 404 });
      if (params.action === 'approve') user.is_approved = true;
      if (params.action === 'reject') user.is_approved = false;
      if (params.action === 'block') user.is_blocked = true;
      if (params.action === 'unblock') user.is_blocked = false;
      return HttpResponse.json({ user });
    }),
    http.delete('/api/users/:id', ({ params }) => {
      requests.push(`DELETE /users/${params.id}`);
      users = users.filter((u) => u.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests, users: () => users };
}

export const admin = makeUser({ id: 1, name: 'Ada Admin', email: 'ada@fragtbud.dk', role: 'admin' });
export const customer = makeUser({ id: 2, name: 'Karen Kunde', email: 'karen@example.dk', role: 'customer' });
export const approvedCarrier = makeUser({ id: 3, name: 'Viggo Vognmand', role: 'carrier', company: 'Viggos Transport ApS' });
export const pendingCarrier = makeUser({ id: 4, name: 'Nye Niels', role: 'carrier', is_approved: false, company: 'Niels Flyt' });
export const blockedCarrier = makeUser({ id: 5, name: 'Blokeret Bo', role: 'carrier', is_blocked: true });
