// Test helper (imported by *.test.tsx only): an in-memory svc-ledger for platform settings, carrier lists and
// assignments, answering like the real service (API.md "Pricing, payments, finance"; contracts/ledger.ts).
import { http, HttpResponse } from 'msw';
import { messages, type CarrierListAssignmentJson, type CarrierListJson, type PlatformSettingsJson } from '@fragtbud/contracts';

const STAMP = '2026-03-01T10:00:00.000Z';

export function makeList(id: number, name: string, feePercentage: number, extra: Partial<CarrierListJson> = {}): CarrierListJson {
  return {
    id,
    name,
    description: `Liste ${name}`,
    feePercentage,
    fixedFee: 0,
    minFee: 0,
    carrierCount: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...extra,
  };
}

export const listA = makeList(1, 'A', 8);
export const listB = makeList(2, 'B', 10);
export const listC = makeList(3, 'C', 12.5, { fixedFee: 1234.5 });

export interface FakeLedgerOptions {
  settings?: Partial<PlatformSettingsJson>;
  lists?: CarrierListJson[];
  /** userId → listId */
  assignments?: Record<number, number>;
}

export function fakeLedgerApi(options: FakeLedgerOptions = {}) {
  let settings: PlatformSettingsJson = {
    feePercentage: 10,
    fixedFee: 20,
    vatPercentage: 25,
    minFee: 30,
    maxBids: 5,
    updatedAt: null,
    ...options.settings,
  };
  let lists = (options.lists ?? [listA, listB, listC]).map((list) => ({ ...list }));
  let nextListId = 100;
  let nextAssignmentId = 500;
  let assignments: Array<{ id: number; userId: number; listId: number }> = Object.entries(options.assignments ?? {}).map(
    ([userId, listId]) => ({ id: nextAssignmentId++, userId: Number(userId), listId }),
  );
  const requests: string[] = [];
  const bodies: Record<string, unknown> = {};

  const log = (request: Request) => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname.replace(/^\/api/, '')}${url.search}`;
    requests.push(line);
    return line;
  };
  const withCount = (list: CarrierListJson): CarrierListJson => ({
    ...list,
    carrierCount: assignments.filter((assignment) => assignment.listId === list.id).length,
  });
  const assignmentJson = (assignment: { id: number; userId: number; listId: number }): CarrierListAssignmentJson => {
    const list = lists.find((item) => item.id === assignment.listId);
    if (!list) throw new Error(`fake ledger: assignment ${assignment.id} points at missing list ${assignment.listId}`);
    return {
      ...assignment,
      list: { id: list.id, name: list.name, feePercentage: list.feePercentage, fixedFee: list.fixedFee, minFee: list.minFee },
      createdAt: STAMP,
      updatedAt: STAMP,
    };
  };
  const notFound = (message: string) => HttpResponse.json({ code: 'not_found', message }, { status: 404 });

  const handlers = [
    http.get('/api/admin/platform-settings', ({ request }) => {
      log(request);
      return HttpResponse.json(settings);
    }),
    http.put('/api/admin/platform-settings', async ({ request }) => {
      const body = (await request.json()) as Partial<PlatformSettingsJson>;
      bodies[log(request)] = body;
      settings = { ...settings, ...body, updatedAt: '2026-03-02T09:30:00.000Z' };
      return HttpResponse.json(settings);
    }),
    http.get('/api/admin/carrier-lists', ({ request }) => {
      log(request);
      return HttpResponse.json({ items: lists.map(withCount) });
    }),
    http.post('/api/admin/carrier-lists', async ({ request }) => {
      const body = (await request.json()) as Omit<CarrierListJson, 'id'>;
      bodies[log(request)] = body;
      if (lists.some((list) => list.name === body.name)) {
        return HttpResponse.json({ code: 'carrier_list_name_taken', message: messages.carrierListNameTaken }, { status: 409 });
      }
      const created = { ...makeList(nextListId++, body.name, body.feePercentage), ...body };
      lists.push(created);
      return HttpResponse.json(withCount(created), { status: 201 });
    }),
    http.put('/api/admin/carrier-lists/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<CarrierListJson>;
      bodies[log(request)] = body;
      const list = lists.find((item) => item.id === Number(params.id));
      if (!list) return notFound(messages.carrierListNotFound);
      Object.assign(list, body);
      return HttpResponse.json(withCount(list));
    }),
    http.delete('/api/admin/carrier-lists/:id', ({ request, params }) => {
      log(request);
      const id = Number(params.id);
      if (!lists.some((item) => item.id === id)) return notFound(messages.carrierListNotFound);
      if (assignments.some((assignment) => assignment.listId === id)) {
        return HttpResponse.json({ code: 'carrier_list_in_use', message: messages.carrierListInUse }, { status: 409 });
      }
      lists = lists.filter((item) => item.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/admin/carrier-lists/assignments', ({ request }) => {
      log(request);
      const wanted = new URL(request.url).searchParams.get('userId')?.split(',').map(Number);
      const items = assignments.filter((assignment) => !wanted || wanted.includes(assignment.userId)).map(assignmentJson);
      return HttpResponse.json({ items });
    }),
    http.post('/api/admin/carrier-lists/assignments', async ({ request }) => {
      const body = (await request.json()) as { userId: number; listId: number };
      bodies[log(request)] = body;
      if (!lists.some((list) => list.id === body.listId)) return notFound(messages.carrierListNotFound);
      const existing = assignments.find((assignment) => assignment.userId === body.userId);
      if (existing) {
        existing.listId = body.listId;
        return HttpResponse.json(assignmentJson(existing));
      }
      const created = { id: nextAssignmentId++, userId: body.userId, listId: body.listId };
      assignments.push(created);
      return HttpResponse.json(assignmentJson(created), { status: 201 });
    }),
    http.delete('/api/admin/carrier-lists/assignments/:id', ({ request, params }) => {
      log(request);
      const id = Number(params.id);
      if (!assignments.some((assignment) => assignment.id === id)) return notFound(messages.carrierListAssignmentNotFound);
      assignments = assignments.filter((assignment) => assignment.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    requests,
    bodies,
    settings: () => settings,
    lists: () => lists.map(withCount),
    assignments: () => assignments,
  };
}
