// Test helper (imported by *.test.tsx only): GET/POST /admin/task-types, PUT/DELETE /admin/task-types/{type}
// as API.md describes them. svc-tasks may not have them yet; the tests also cover their absence (404/503).
import { http, HttpResponse } from 'msw';
import type { TaskTypeSetting } from '../features/fees/task-types-api';

export function fakeTaskTypesApi(initial: TaskTypeSetting[] = []) {
  let types = initial.map((item) => ({ ...item }));
  const requests: string[] = [];
  const bodies: Record<string, unknown> = {};
  const log = (request: Request) => {
    const line = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
    requests.push(line);
    return line;
  };

  const handlers = [
    http.get('/api/admin/task-types', ({ request }) => {
      log(request);
      return HttpResponse.json({ items: types });
    }),
    http.post('/api/admin/task-types', async ({ request }) => {
      const body = (await request.json()) as TaskTypeSetting;
      bodies[log(request)] = body;
      types.push(body);
      return HttpResponse.json(body, { status: 201 });
    }),
    http.put('/api/admin/task-types/:type', async ({ request, params }) => {
      const body = (await request.json()) as TaskTypeSetting;
      bodies[log(request)] = body;
      const item = types.find((candidate) => candidate.type === params.type);
      if (!item) return HttpResponse.json({ code: 'not_found', message: 'Ikke fundet' }, { status: 404 });
      item.maxBids = body.maxBids;
      return HttpResponse.json(item);
    }),
    http.delete('/api/admin/task-types/:type', ({ request, params }) => {
      log(request);
      types = types.filter((candidate) => candidate.type !== params.type);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests, bodies, types: () => types };
}
