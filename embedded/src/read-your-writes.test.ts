/**
 * Read-your-writes and rules decided as of the write (issue 26), through the gateway, in both topologies: embedded
 * always; distributed (services over HTTP, PostgreSQL, NATS) when TEST_DATABASE_URL and NATS_URL are set (CI's
 * PostgreSQL + NATS pass). Every read below comes straight after the write's answer: no retries, no sleeps.
 * `until` only prepares the scene (an admin's bid limit reaching every service), never before an asserted read.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatLockTexts } from '@fragtbud/contracts';
import { distributedAvailable } from './testing/distributed';
import { password, taskBody, until, worldForSuite, type Actor, type TopologyKind, type World } from './testing/world';

const kinds: TopologyKind[] = distributedAvailable ? ['embedded', 'distributed'] : ['embedded'];
/** Two bids fill a task: one carrier too many is turned away, and one loses when the other is chosen. */
const bidLimit = 2;

describe.each(kinds)('read-your-writes (%s)', (kind) => {
  const world = worldForSuite(kind);
  let third: Actor;

  const createTask = async (w: World) => {
    const created = await w.request('POST', '/tasks', { as: w.actors.customerA, json: taskBody });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const bid = (w: World, as: Actor, taskId: number) => w.request('POST', '/bids', { as, json: { taskId, price: 1000 } });
  const write = (w: World, as: Actor, taskId: number, receiverId: number) =>
    w.request('POST', '/chat/messages', { as, json: { taskId, receiverId, message: 'Hej, er opgaven stadig ledig?' } });

  beforeAll(async () => {
    const w = world();
    const { admin } = w.actors;
    const limited = await w.request('POST', '/admin/task-types', { as: admin, json: { type: 'moving', maxBids: bidLimit } });
    if (limited.status >= 300) throw new Error(`bid limit: ${limited.status} ${limited.text}`);
    const email = `tredje-${randomUUID()}@example.dk`;
    const registered = await w.request('POST', '/auth/register', {
      json: { name: 'Tredje Vognmand', email, password, role: 'carrier', phone: '12345678', company: 'Tredje ApS', acceptTerms: true },
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
    await w.request('PUT', `/admin/users/${registered.body.user.id}/approve`, { as: admin });
    const login = await w.request('POST', '/auth/login', { json: { email, password } });
    third = { name: 'uninvolved', id: login.body.user.id, cookie: login.headers.get('set-cookie')!.split(';')[0]! };
    // The admin's limit travels by events: once a full task locks a bystander's chat, every service has it.
    const taskId = await createTask(w);
    await until('two bids', async () => ((await bid(w, w.actors.carrier, taskId)).status === 201 ? true : undefined));
    await until('two bids', async () => ((await bid(w, w.actors.uninvolved, taskId)).status === 201 ? true : undefined));
    await until('the limit in the chat', async () => ((await write(w, third, taskId, w.actors.customerA.id!)).status === 403 ? true : undefined));
  }, 60_000);

  it('when a carrier places a bid, then their next read of the task counts it', async () => {
    const w = world();
    const taskId = await createTask(w);
    expect((await bid(w, w.actors.carrier, taskId)).status).toBe(201);
    const task = await w.request('GET', `/tasks/${taskId}`, { as: w.actors.carrier });
    expect(task.body.bid_count).toBe(1);
  });

  it('when the last slot is taken, then a carrier without a bid is refused in the chat from that answer on', async () => {
    const w = world();
    const taskId = await createTask(w);
    expect((await bid(w, w.actors.carrier, taskId)).status).toBe(201);
    expect((await bid(w, w.actors.uninvolved, taskId)).status).toBe(201);
    const refused = await write(w, third, taskId, w.actors.customerA.id!);
    expect([refused.status, refused.body.message]).toEqual([403, chatLockTexts.max_bids_no_bid]);
  });

  it('when the customer accepts a bid, then their next read shows the task assigned to that carrier, the losing carrier is locked out of the chat, and the customer may pay at once', async () => {
    const w = world();
    const { customerA, carrier, uninvolved } = w.actors;
    const taskId = await createTask(w);
    const winning = await bid(w, carrier, taskId);
    expect(winning.status).toBe(201);
    expect((await bid(w, uninvolved, taskId)).status).toBe(201);
    // The losing carrier wrote before: the lock that follows is the choice's, not the limit's.
    expect((await write(w, uninvolved, taskId, customerA.id!)).status).toBe(201);

    expect((await w.request('POST', `/bids/${winning.body.id}/accept`, { as: customerA, json: {} })).status).toBe(200);
    const task = await w.request('GET', `/tasks/${taskId}`, { as: customerA });
    expect([task.body.status, task.body.assigned_carrier_id]).toEqual(['assigned', carrier.id]);
    const loser = await write(w, uninvolved, taskId, customerA.id!);
    expect([loser.status, loser.body.message]).toEqual([403, chatLockTexts.bid_chosen]);

    const intent = await w.request('POST', '/payments/intents', { as: customerA, json: { taskId }, headers: { 'idempotency-key': randomUUID() } });
    expect(intent.status).toBe(200);
    const completed = await w.request('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: customerA, json: {} });
    expect(completed.body.paid).toBe(true);
    const paid = await w.request('GET', `/tasks/${taskId}`, { as: customerA });
    expect(paid.body.status).toBe('paid');
  });

  it('when the customer edits a task or an admin cancels it, then their next read shows it, and a bid on the cancelled task is refused', async () => {
    const w = world();
    const { customerA, admin, carrier } = w.actors;
    const taskId = await createTask(w);
    const edited = await w.request('PUT', `/tasks/${taskId}`, { as: customerA, json: { ...taskBody, description: 'Kun en sofa nu' } });
    expect(edited.status).toBe(200);
    expect((await w.request('GET', `/tasks/${taskId}`, { as: customerA })).body.description).toBe('Kun en sofa nu');
    const cancelled = await w.request('PATCH', `/tasks/${taskId}/status`, { as: admin, json: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect((await w.request('GET', `/tasks/${taskId}`, { as: admin })).body.status).toBe('cancelled');
    expect((await bid(w, carrier, taskId)).status).toBe(409);
  });
});
