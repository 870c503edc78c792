import { http, HttpResponse } from 'msw';
import type { AdminDeletionRequest } from '@fragtbud/contracts';

/** A deletion request as the admin's inbox lists it. */
export function deletionRequest(overrides: Partial<AdminDeletionRequest> = {}): AdminDeletionRequest {
  return {
    id: 1,
    taskId: 41,
    taskTitle: 'Flytning · Aarhus C → København K',
    taskStatus: 'paid',
    requester: { id: 2, name: 'Karen Kunde', role: 'customer' },
    reason: 'Flytningen er aflyst',
    status: 'pending',
    createdAt: '2026-11-20T09:30:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

/** GET /admin/deletion-requests?status= and PUT /tasks/{id}/deletion-requests/{requestId} over an in-memory list. */
export function fakeDeletionRequestsApi(initial: AdminDeletionRequest[] = []) {
  const requests = initial.map((request) => ({ ...request }));
  const decisions: Array<{ taskId: number; id: number; action: unknown }> = [];
  const handlers = [
    http.get('/api/admin/deletion-requests', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'pending';
      const items = requests.filter((item) => item.status === status);
      return HttpResponse.json({ items, total: items.length });
    }),
    http.put('/api/tasks/:taskId/deletion-requests/:id', async ({ params, request }) => {
      const { action } = (await request.json()) as { action: 'approve' | 'reject' };
      decisions.push({ taskId: Number(params.taskId), id: Number(params.id), action });
      const found = requests.find((item) => item.id === Number(params.id) && item.taskId === Number(params.taskId));
      if (!found) return HttpResponse.json({ code: 'deletion_request_not_found', message: 'Anmodningen blev ikke fundet' }, { status: 404 });
      if (found.status !== 'pending') return HttpResponse.json({ code: 'deletion_request_resolved', message: 'Anmodningen er allerede behandlet.' }, { status: 409 });
      found.status = action === 'approve' ? 'approved' : 'rejected';
      found.resolvedAt = new Date().toISOString();
      return HttpResponse.json({ message: action === 'approve' ? 'Anmodning godkendt (opgave annulleret)' : 'Anmodning afvist', request: { id: found.id } });
    }),
  ];
  return { handlers, decisions, add: (request: AdminDeletionRequest) => requests.push(request) };
}
