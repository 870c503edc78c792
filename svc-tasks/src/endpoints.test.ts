/**
 * Every task endpoint against what a client can get wrong: no session, the wrong role, no internal token,
 * malformed JSON, oversize bodies, wrong types, huge strings, bad ids and bad queries. Each answer is a 4xx with a
 * Danish message, never 500.
 */
import { messages, type AuthUser } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from './test-harness';

let tasks: StartedTasks;
let taskId: number;
const customer = user('customer');
const carrier = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
  taskId = (await tasks.call('POST', '/tasks', { as: customer, body: taskBody() })).body.id;
});
afterAll(async () => {
  await tasks?.close();
});

type Access = 'anyone' | 'logged_in' | 'admin';
interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (id: number | string) => string;
  access: Access;
  hasId?: boolean;
  validBody?: Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  { method: 'GET', path: () => '/tasks', access: 'anyone' },
  { method: 'POST', path: () => '/tasks', access: 'anyone', validBody: taskBody() },
  { method: 'GET', path: (id) => `/tasks/${id}`, access: 'logged_in', hasId: true },
  { method: 'PUT', path: (id) => `/tasks/${id}`, access: 'logged_in', hasId: true, validBody: { description: 'Ny' } },
  { method: 'DELETE', path: (id) => `/tasks/${id}`, access: 'admin', hasId: true },
  { method: 'PATCH', path: (id) => `/tasks/${id}/status`, access: 'logged_in', hasId: true, validBody: { status: 'open_for_bids' } },
  { method: 'GET', path: () => '/admin/tasks/pending-count', access: 'admin' },
];
const name = (e: Endpoint) => `${e.method} ${e.path(':id')}`;
const isDanish4xx = (reply: { status: number; body: { code?: string; message?: string } }) => {
  expect(reply.status).toBeGreaterThanOrEqual(400);
  expect(reply.status).toBeLessThan(500);
  expect(typeof reply.body.code).toBe('string');
  expect(reply.body.message).toMatch(/[a-zæøå]/i);
  expect(reply.body.message).not.toMatch(/^(Invalid|Expected|Too|Unrecognized|Required)/);
};

describe('auth', () => {
  it.each(endpoints.filter((e) => e.access !== 'anyone').map((e) => [name(e), e] as const))(
    'when %s is called anonymously, then 401 Session udløbet',
    async (_, e) => {
      const reply = await tasks.call(e.method, e.path(taskId), { body: e.validBody });
      expect(reply.status).toBe(401);
      expect(reply.body.message).toBe(messages.sessionExpired);
    },
  );

  it.each(endpoints.filter((e) => e.access === 'admin').map((e) => [name(e), e] as const))(
    'when %s is called by a customer or carrier, then 403',
    async (_, e) => {
      for (const as of [customer, carrier]) {
        const reply = await tasks.call(e.method, e.path(taskId), { as });
        expect(reply.status).toBe(403);
        expect(reply.body.message).toBe(messages.forbidden);
      }
    },
  );

  it.each(endpoints.map((e) => [name(e), e] as const))('when %s comes without the internal token, then 401', async (_, e) => {
    const reply = await tasks.call(e.method, e.path(taskId), { body: e.validBody, withoutInternalToken: true });
    expect(reply.status).toBe(401);
  });
});

describe('bad input', () => {
  const withBody = endpoints.filter((e) => e.validBody);

  it.each(endpoints.filter((e) => e.hasId).map((e) => [name(e), e] as const))(
    'when %s gets a non-numeric or out-of-range id, then 400 Ugyldigt opgave-id',
    async (_, e) => {
      for (const bad of ['abc', '12abc', '-1', '0', '1.0', '4294967296', 'null']) {
        const reply = await tasks.call(e.method, e.path(bad), { as: admin, body: e.validBody });
        expect(reply.status, bad).toBe(400);
        expect(reply.body).toMatchObject({ code: 'invalid_task_id', message: 'Ugyldigt opgave-id' });
      }
    },
  );

  it.each(withBody.map((e) => [name(e), e] as const))('when %s gets malformed JSON, then 400 in Danish', async (_, e) => {
    const reply = await tasks.call(e.method, e.path(taskId), { as: admin, raw: '{"type": "moving",' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.invalidJson);
  });

  it.each(withBody.map((e) => [name(e), e] as const))('when %s gets a body that is not an object, then 400 in Danish', async (_, e) => {
    for (const raw of ['[]', '"tekst"', '42', 'null', 'true']) {
      const reply = await tasks.call(e.method, e.path(taskId), { as: admin, raw });
      isDanish4xx(reply);
      expect(reply.status, raw).toBe(400);
    }
  });

  // Just over the 1 MB limit: far bigger bodies leave the keep-alive connection hanging (platform body parser, reported).
  it.each(withBody.map((e) => [name(e), e] as const))('when %s gets a body over the size limit, then 400', async (_, e) => {
    const reply = await tasks.call(e.method, e.path(taskId), { as: admin, body: { ...e.validBody, description: 'x'.repeat(1024 * 1024 + 10) } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.payloadTooLarge);
  });

  it.each(withBody.map((e) => [name(e), e] as const))('when %s gets wrong types in every field, then 400 in Danish', async (_, e) => {
    const garbage = Object.fromEntries(Object.keys(e.validBody!).map((key) => [key, { nested: [1, 2, 3] }]));
    const reply = await tasks.call(e.method, e.path(taskId), { as: admin, body: garbage });
    isDanish4xx(reply);
    expect(reply.status).toBe(400);
    for (const detail of reply.body.details ?? []) expect(detail.message).not.toMatch(/^(Invalid|Expected)/);
  });

  const hugeCases: [string, Record<string, unknown>][] = [
    ['a 301-character address', { from_address: 'x'.repeat(301) }],
    ['a 5001-character description', { description: 'x'.repeat(5001) }],
    ['a 10 000-character phone', { contact_phone: '1'.repeat(10_000) }],
    ['a 300-character e-mail', { contact_email: `${'a'.repeat(290)}@example.dk` }],
    ['a huge number of rooms', { details: { apartmentSize: 'small', contactPhone: '12345678', numberOfRooms: 1e308 } }],
    ['an unknown type', { type: 'helicopter' }],
    ['a date like 2026-13-45', { preferred_pickup_date: '2026-13-45' }],
    ['a time like 25:00', { time_frame_start: '25:00' }],
    ['is_flexible "måske"', { is_flexible: 'måske' }],
    ['images that are not an array', { images: 'billede.jpg' }],
    ['details that are an array', { details: [1, 2] }],
  ];
  it.each(hugeCases)('when a task is created with %s, then 400 in Danish and nothing stored', async (_, change) => {
    const before = await tasks.db('tasks').count({ n: '*' }).first();
    const reply = await tasks.call('POST', '/tasks', { as: customer, body: { ...taskBody(), ...change } });
    expect(reply.status).toBe(400);
    isDanish4xx(reply);
    expect(await tasks.db('tasks').count({ n: '*' }).first()).toEqual(before);
  });

  it('when text carries a NUL character, then 400, never 500', async () => {
    const reply = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('moving', { description: 'før\u0000efter' }) });
    expect(reply.status).toBe(400);
    isDanish4xx(reply);
    const edit = await tasks.call('PUT', `/tasks/${taskId}`, { as: customer, body: { details: { apartmentSize: 'small', contactPhone: '12345678', heavyItems: 'a\u0000b' } } });
    expect(edit.status).toBe(400);
  });

  const badQueries: [string, string][] = [
    ['?status=open', messages.taskStatusInvalid],
    ['?type=boat', messages.taskTypeInvalid],
    ['?available=maybe', messages.invalidYesNo],
    ['?flexible=2', messages.invalidYesNo],
    ['?mine=ja-tak', messages.invalidYesNo],
    ['?dateFrom=i-går', messages.invalidDate],
    ['?dateTo=2026-02-30', messages.invalidDate],
    ['?minPrice=gratis', messages.invalidPriceFilter],
    ['?maxPrice=-5', messages.invalidPriceFilter],
    ['?page=0', messages.invalidPage],
    ['?page=abc', messages.invalidPage],
    ['?limit=101', messages.invalidPageLimit],
    ['?limit=0', messages.invalidPageLimit],
    [`?q=${'x'.repeat(201)}`, messages.searchTooLong],
  ];
  it.each(badQueries)('when GET /tasks%s, then 400 with its Danish message', async (query, message) => {
    const reply = await tasks.call('GET', `/tasks${query}`, { as: customer });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message });
  });

  it('when a query parameter is repeated, then the last one counts', async () => {
    const reply = await tasks.call('GET', '/tasks?limit=5&limit=7&status=active&status=open_for_bids', { as: customer });
    expect(reply.status).toBe(200);
    expect(reply.body.limit).toBe(7);
  });

  it('when a blocked customer creates a task, then 403', async () => {
    const blocked: AuthUser = user('customer', { blocked: true });
    expect((await tasks.call('POST', '/tasks', { as: blocked, body: taskBody() })).status).toBe(403);
  });
});
