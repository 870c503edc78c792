/**
 * A task type's own max bids (spec sections 3, 5 and 9): GET/POST /admin/task-types, PUT/DELETE
 * /admin/task-types/:type for admins, GET /internal/task-types/:type for other services, and the
 * tasks.task_type.updated / tasks.task_type.deleted events svc-bids keeps its limits by.
 */
import {
  eventTypes,
  internalTaskTypeSettingSchema,
  messages,
  payloadSchemaFor,
  taskTypeSettingSchema,
  taskTypeSettingsSchema,
  type EventEnvelope,
} from '@fragtbud/contracts';
import { waitFor, type Subscription } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const admin = user('admin');
const customer = user('customer');
const carrier = user('carrier');

const published: EventEnvelope[] = [];
let subscription: Subscription;

beforeAll(async () => {
  tasks = await startTasks();
  // what svc-bids would see on the bus
  subscription = await tasks.infra.bus.subscribe({
    durable: 'task-types-test',
    subjects: [eventTypes.taskTypeUpdated, eventTypes.taskTypeDeleted],
    handler: async (event) => {
      published.push(event);
    },
  });
});
afterAll(async () => {
  await subscription?.close();
  await tasks?.close();
});

const typeEvents = () => tasks.outboxEvents().then((events) => events.filter((event) => event.type.startsWith('tasks.task_type.')));
const list = async () => {
  const reply = await tasks.call('GET', '/admin/task-types', { as: admin });
  expect(reply.status).toBe(200);
  return taskTypeSettingsSchema.strict().parse(reply.body).items;
};
const rowOf = (type: string) => tasks.db('task_type_settings').where({ type }).first();

describe('GET /admin/task-types', () => {
  it('when no admin has set any, then the list is empty (nothing is seeded: every type uses the platform’s limit)', async () => {
    expect(await list()).toEqual([]);
    expect(await typeEvents()).toEqual([]);
  });
});

describe('POST /admin/task-types', () => {
  it('when an admin adds a type, then 201 with the name lowercased, it is listed and the change is announced', async () => {
    const reply = await tasks.call('POST', '/admin/task-types', { as: admin, body: { type: '  Moving ', maxBids: 3 } });
    expect(reply.status).toBe(201);
    expect(taskTypeSettingSchema.strict().parse(reply.body)).toEqual({ type: 'moving', maxBids: 3 });
    expect(await list()).toEqual([{ type: 'moving', maxBids: 3 }]);

    const row = await rowOf('moving');
    expect(row).toMatchObject({ type: 'moving', max_bids: 3 });
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.updated_at).toBeInstanceOf(Date);

    const events = await typeEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: eventTypes.taskTypeUpdated,
      data: { type: 'moving', maxBids: 3, updatedBy: admin.id },
      correlationId: reply.headers.get('x-request-id'),
    });
    expect(payloadSchemaFor(eventTypes.taskTypeUpdated)!.safeParse(events[0]!.data).success).toBe(true);
  });

  it('when the type is there already (in any case), then 409 with the Danish message and nothing changes', async () => {
    const before = await typeEvents();
    for (const type of ['moving', 'MOVING', ' Moving']) {
      const reply = await tasks.call('POST', '/admin/task-types', { as: admin, body: { type, maxBids: 9 } });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: 'task_type_exists', message: 'Opgavetypen findes allerede.' });
    }
    expect(await list()).toEqual([{ type: 'moving', maxBids: 3 }]);
    expect(await typeEvents()).toEqual(before);
  });

  it('when the type is not one of the five (the admin names it), max bids comes as form text, or the limits are hit, then it is taken', async () => {
    const longest = 'a'.repeat(35) + '_b-9z';
    const bodies = [
      [{ type: 'kranbil_2', maxBids: '7' }, { type: 'kranbil_2', maxBids: 7 }],
      [{ type: 'Fullload', maxBids: 1 }, { type: 'fullload', maxBids: 1 }],
      [{ type: longest, maxBids: 1000 }, { type: longest, maxBids: 1000 }],
    ] as const;
    for (const [body, expected] of bodies) {
      const reply = await tasks.call('POST', '/admin/task-types', { as: admin, body });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual(expected);
    }
    expect((await list()).map((item) => item.type)).toEqual([longest, 'fullload', 'kranbil_2', 'moving']);
  });

  it("when the admin names a type by its Danish name ('Møbeltransport'), then the limit is that type's", async () => {
    for (const [typed, type] of [[' Møbeltransport', 'furniture'], ['palle og pakker', 'package']] as const) {
      const reply = await tasks.call('POST', '/admin/task-types', { as: admin, body: { type: typed, maxBids: 2 } });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ type, maxBids: 2 });
      expect(await rowOf(type)).toMatchObject({ max_bids: 2 });
    }
    await tasks.db('task_type_settings').whereIn('type', ['furniture', 'package']).delete();
  });

  it('when two admins add the same type at once, then one gets 201, the other 409, and there is one event', async () => {
    const before = (await typeEvents()).length;
    const replies = await Promise.all(
      [4, 5, 6].map((maxBids) => tasks.call('POST', '/admin/task-types', { as: admin, body: { type: 'courier', maxBids } })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409]);
    expect((await typeEvents()).length).toBe(before + 1);
  });

  const invalid = messages.taskTypeSettingInvalid;
  const refused: Array<[string, unknown, string]> = [
    ['no body', undefined, invalid],
    ['a JSON null', null, invalid],
    ['an array', [{ type: 'package', maxBids: 2 }], invalid],
    ['a string', 'package', invalid],
    ['no type', { maxBids: 2 }, invalid],
    ['no max bids', { type: 'package' }, invalid],
    ['an empty type', { type: '', maxBids: 2 }, invalid],
    ['a blank type', { type: '   ', maxBids: 2 }, invalid],
    ['a type of 41 characters', { type: 'a'.repeat(41), maxBids: 2 }, invalid],
    ['a type with a space', { type: 'to ord', maxBids: 2 }, invalid],
    ['a type with æøå', { type: 'møbler', maxBids: 2 }, invalid],
    ['a type with a slash', { type: 'a/b', maxBids: 2 }, invalid],
    ['a type with a NUL', { type: 'pa\u0000ckage', maxBids: 2 }, invalid],
    ['a type as a number', { type: 42, maxBids: 2 }, invalid],
    ['a type as an object', { type: { name: 'package' }, maxBids: 2 }, invalid],
    ['max bids 0', { type: 'package', maxBids: 0 }, invalid],
    ['negative max bids', { type: 'package', maxBids: -3 }, invalid],
    ['max bids not whole', { type: 'package', maxBids: 2.5 }, invalid],
    ['max bids as words', { type: 'package', maxBids: 'fem' }, invalid],
    ['max bids null', { type: 'package', maxBids: null }, invalid],
    ['max bids as a boolean', { type: 'package', maxBids: true }, invalid],
    ['max bids huge', { type: 'package', maxBids: 1e308 }, invalid],
    ['max bids 1001', { type: 'package', maxBids: 1001 }, messages.maxBidsMax],
  ];
  it.each(refused)('when the body has %s, then 400 with its Danish message and nothing is saved', async (_, body, message) => {
    const before = await typeEvents();
    const reply = await tasks.call('POST', '/admin/task-types', { as: admin, ...(body === undefined ? {} : { body }) });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message });
    expect(await rowOf('package')).toBeUndefined();
    expect(await typeEvents()).toEqual(before);
  });

  it('when the body is not JSON, then 400 invalid_json', async () => {
    const reply = await tasks.call('POST', '/admin/task-types', { as: admin, raw: '{"type": "package", ' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_json' });
  });
});

describe('PUT /admin/task-types/:type', () => {
  it('when an admin changes a limit (the front end sends {type, maxBids}), then 200, it is saved and announced', async () => {
    const before = (await rowOf('moving')) as { updated_at: Date };
    const reply = await tasks.call('PUT', '/admin/task-types/moving', { as: admin, body: { type: 'moving', maxBids: 4 } });
    expect(reply.status).toBe(200);
    expect(taskTypeSettingSchema.strict().parse(reply.body)).toEqual({ type: 'moving', maxBids: 4 });
    expect(await list()).toContainEqual({ type: 'moving', maxBids: 4 });
    expect(((await rowOf('moving')) as { updated_at: Date }).updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());

    const events = await tasks.outboxEvents(eventTypes.taskTypeUpdated);
    expect(events.at(-1)).toMatchObject({
      data: { type: 'moving', maxBids: 4, updatedBy: admin.id },
      correlationId: reply.headers.get('x-request-id'),
    });
  });

  it('when the path names the type in capitals and only {maxBids} is sent (as text), then it is the same type', async () => {
    const reply = await tasks.call('PUT', '/admin/task-types/MOVING', { as: admin, body: { maxBids: ' 6 ' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: 'moving', maxBids: 6 });
  });

  it('when the same limit is saved again, then 200 and nothing is announced twice', async () => {
    const before = await typeEvents();
    const reply = await tasks.call('PUT', '/admin/task-types/moving', { as: admin, body: { type: 'moving', maxBids: 6 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: 'moving', maxBids: 6 });
    expect(await typeEvents()).toEqual(before);
  });

  it('when the body names another type, then the path decides (a PUT does not rename)', async () => {
    const reply = await tasks.call('PUT', '/admin/task-types/moving', { as: admin, body: { type: 'furniture', maxBids: 5 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: 'moving', maxBids: 5 });
    expect(await rowOf('furniture')).toBeUndefined();
  });

  it('when the type has no limit of its own, then 404 with a Danish message and nothing is created', async () => {
    const before = await typeEvents();
    const reply = await tasks.call('PUT', '/admin/task-types/furniture', { as: admin, body: { maxBids: 3 } });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'task_type_not_found', message: messages.taskTypeSettingNotFound });
    expect(await rowOf('furniture')).toBeUndefined();
    expect(await typeEvents()).toEqual(before);
  });

  const refused: Array<[string, unknown, string]> = [
    ['no body', undefined, messages.maxBidsMin],
    ['a JSON null', null, messages.maxBidsMin],
    ['no max bids', { type: 'moving' }, messages.maxBidsMin],
    ['max bids 0', { maxBids: 0 }, messages.maxBidsMin],
    ['max bids not whole', { maxBids: 1.5 }, messages.maxBidsMin],
    ['max bids as words', { maxBids: 'ti' }, messages.maxBidsMin],
    ['max bids 1001', { maxBids: 1001 }, messages.maxBidsMax],
  ];
  it.each(refused)('when the body has %s, then 400 with its Danish message and the limit stays', async (_, body, message) => {
    const reply = await tasks.call('PUT', '/admin/task-types/moving', { as: admin, ...(body === undefined ? {} : { body }) });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message });
    expect(await rowOf('moving')).toMatchObject({ max_bids: 5 });
  });

  it.each([
    ['æøå', '/admin/task-types/m%C3%B8bler'],
    ['41 characters', `/admin/task-types/${'a'.repeat(41)}`],
    ['a space', '/admin/task-types/to%20ord'],
    ['a broken escape', '/admin/task-types/%E0%A4%A'],
    ['a NUL', '/admin/task-types/a%00b'],
  ])('when the path’s type has %s, then 400 Ugyldig opgavetype, never 500', async (_, path) => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const reply = await tasks.call(method, path, { as: admin, body: { maxBids: 3 } });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 'invalid_task_type', message: messages.taskTypeInvalid });
    }
  });
});

describe('DELETE /admin/task-types/:type', () => {
  it('when an admin deletes a type’s limit, then 204, it is gone and the deletion is announced', async () => {
    const reply = await tasks.call('DELETE', '/admin/task-types/Kranbil_2', { as: admin });
    expect(reply.status).toBe(204);
    expect(reply.body).toBeUndefined();
    expect((await list()).map((item) => item.type)).not.toContain('kranbil_2');
    expect(await rowOf('kranbil_2')).toBeUndefined();

    const events = await tasks.outboxEvents(eventTypes.taskTypeDeleted);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ data: { type: 'kranbil_2', deletedBy: admin.id }, correlationId: reply.headers.get('x-request-id') });
    expect(payloadSchemaFor(eventTypes.taskTypeDeleted)!.safeParse(events[0]!.data).success).toBe(true);
  });

  it('when the type has no limit of its own, then 404 and nothing is announced', async () => {
    const before = await typeEvents();
    for (const type of ['kranbil_2', 'package']) {
      const reply = await tasks.call('DELETE', `/admin/task-types/${type}`, { as: admin });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'task_type_not_found', message: messages.taskTypeSettingNotFound });
    }
    expect(await typeEvents()).toEqual(before);
  });

  it('when a deleted type is added again, then it starts afresh', async () => {
    const reply = await tasks.call('POST', '/admin/task-types', { as: admin, body: { type: 'kranbil_2', maxBids: 2 } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ type: 'kranbil_2', maxBids: 2 });
  });
});

describe('who may', () => {
  const endpoints: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
    ['list', 'GET', '/admin/task-types', undefined],
    ['add', 'POST', '/admin/task-types', { type: 'package', maxBids: 2 }],
    ['change', 'PUT', '/admin/task-types/moving', { maxBids: 2 }],
    ['delete', 'DELETE', '/admin/task-types/moving', undefined],
  ];

  it.each(endpoints)('when nobody is logged in and tries to %s, then 401; customers and carriers get 403; nothing changes', async (_, method, path, body) => {
    const before = await typeEvents();
    const rows = await tasks.db('task_type_settings').orderBy('type');
    const options = body === undefined ? {} : { body };

    const anonymous = await tasks.call(method, path, options);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });

    for (const caller of [customer, carrier]) {
      const reply = await tasks.call(method, path, { ...options, as: caller });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    }

    // a service may not either: these are an admin's
    expect((await tasks.call(method, path, { ...options, service: 'bids' })).status).toBe(401);
    // the gateway's token is needed at all
    expect((await tasks.call(method, path, { ...options, as: admin, withoutInternalToken: true })).status).toBe(401);

    expect(await tasks.db('task_type_settings').orderBy('type')).toEqual(rows);
    expect(await typeEvents()).toEqual(before);
  });

  it('when an admin sends a bad body, then the role is checked first (403 for a customer, never 400)', async () => {
    const reply = await tasks.call('POST', '/admin/task-types', { as: customer, body: { type: '', maxBids: 0 } });
    expect(reply.status).toBe(403);
  });
});

describe('GET /internal/task-types/:type', () => {
  it('when another service asks for a type with a limit, then it gets it; for one without, null', async () => {
    const own = await tasks.call('GET', '/internal/task-types/moving', { service: 'bids' });
    expect(own.status).toBe(200);
    expect(internalTaskTypeSettingSchema.strict().parse(own.body)).toEqual({ type: 'moving', maxBids: 5 });

    const capitals = await tasks.call('GET', '/internal/task-types/Fullload', { service: 'bids' });
    expect(capitals.body).toEqual({ type: 'fullload', maxBids: 1 });

    const none = await tasks.call('GET', '/internal/task-types/furniture', { service: 'bids' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ type: 'furniture', maxBids: null });
  });

  it('when the type cannot be a type name, then 400', async () => {
    const reply = await tasks.call('GET', '/internal/task-types/m%C3%B8bler', { service: 'bids' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_task_type', message: messages.taskTypeInvalid });
  });

  it('when a user (even an admin) or nobody asks, then 403', async () => {
    for (const as of [admin, customer, null]) {
      const reply = await tasks.call('GET', '/internal/task-types/moving', { as });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
  });
});

describe('events on the bus', () => {
  it('when a type is added, changed and deleted, then svc-bids sees every change in order, each payload within the contract', async () => {
    const start = published.length;
    expect((await tasks.call('POST', '/admin/task-types', { as: admin, body: { type: 'package', maxBids: 2 } })).status).toBe(201);
    expect((await tasks.call('PUT', '/admin/task-types/package', { as: admin, body: { maxBids: 8 } })).status).toBe(200);
    expect((await tasks.call('DELETE', '/admin/task-types/package', { as: admin })).status).toBe(204);

    const ofPackage = () => published.slice(start).filter((event) => (event.data as { type: string }).type === 'package');
    await waitFor(() => ofPackage().length === 3);
    expect(ofPackage().map((event) => [event.type, event.data])).toEqual([
      [eventTypes.taskTypeUpdated, { type: 'package', maxBids: 2, updatedBy: admin.id }],
      [eventTypes.taskTypeUpdated, { type: 'package', maxBids: 8, updatedBy: admin.id }],
      [eventTypes.taskTypeDeleted, { type: 'package', deletedBy: admin.id }],
    ]);
    for (const event of published) expect(payloadSchemaFor(event.type)!.safeParse(event.data).success).toBe(true);

    // everything the outbox holds went out
    await waitFor(async () => (await tasks.db('outbox').whereNull('sent_at').where('type', 'like', 'tasks.task_type.%')).length === 0);
    const outboxIds = (await typeEvents()).map((event) => event.id);
    await waitFor(() => outboxIds.every((id) => published.some((event) => event.id === id)));
  });
});
