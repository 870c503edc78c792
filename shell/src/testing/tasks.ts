import { http, HttpResponse } from 'msw';
import type { Task } from '@fragtbud/contracts';

export { makeTask } from '@fragtbud/web/testing';

/** The public view anonymous and uninvolved users get: no street, no contact data. */
export function publicView(task: Task): Task {
  return { ...task, view: 'public', from_address: null, to_address: null, contact_email: null, contact_phone: null };
}

/**
 * A small in-memory tasks API: GET /tasks with the filters the pages send (status, type, q, mine, page, limit),
 * GET/PUT/DELETE /tasks/{id} and PATCH /tasks/{id}/status. Every request is recorded as 'METHOD /path?query'.
 */
export function fakeTasksApi(initial: Task[], options: { viewerId?: number } = {}) {
  let tasks = initial.map((task) => ({ ...task }));
  const requests: string[] = [];

  const handlers = [
    http.get('/api/tasks', ({ request }) => {
      const url = new URL(request.url);
      requests.push(`GET /tasks${url.search}`);
      const q = url.searchParams;
      const status = q.get('status');
      const text = q.get('q')?.toLowerCase();
      const matches = tasks.filter(
        (task) =>
          (!status || (status === 'active' ? !['completed', 'cancelled'].includes(task.status) : task.status === status)) &&
          (!q.get('type') || task.type === q.get('type')) &&
          (!text || `${task.id} ${task.description} ${task.from_address}`.toLowerCase().includes(text)) &&
          (q.get('mine') !== 'true' || task.user_id === options.viewerId),
      );
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 20);
      return HttpResponse.json({ items: matches.slice((page - 1) * limit, page * limit), total: matches.length, page, limit });
    }),
    http.get('/api/tasks/:id', ({ params }) => {
      requests.push(`GET /tasks/${params.id}`);
      const task = tasks.find((t) => t.id === Number(params.id));
      if (!task) return HttpResponse.json({ code: 'task_not_found', message: 'Opgave ikke fundet' }, { status: 404 });
      return HttpResponse.json({ task });
    }),
    http.put('/api/tasks/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<Task>;
      requests.push(`PUT /tasks/${params.id} ${JSON.stringify(body)}`);
      const task = tasks.find((t) => t.id === Number(params.id));
      if (!task) return HttpResponse.json({ code: 'task_not_found', message: 'Opgave ikke fundet' }, { status: 404 });
      Object.assign(task, body);
      return HttpResponse.json({ task });
    }),
    http.patch('/api/tasks/:id/status', async ({ params, request }) => {
      const body = (await request.json()) as { status: Task['status'] };
      requests.push(`PATCH /tasks/${params.id}/status ${JSON.stringify(body)}`);
      const task = tasks.find((t) => t.id === Number(params.id));
      if (!task) return HttpResponse.json({ code: 'task_not_found', message: 'Opgave ikke fundet' }, { status: 404 });
      task.status = body.status;
      return HttpResponse.json({ task });
    }),
    // The details tab lists an admin's deletion requests; none unless a test says otherwise.
    http.get('/api/tasks/:id/deletion-requests', () => HttpResponse.json({ items: [] })),
    http.delete('/api/tasks/:id', ({ params }) => {
      requests.push(`DELETE /tasks/${params.id}`);
      tasks = tasks.filter((t) => t.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests, tasks: () => tasks };
}
