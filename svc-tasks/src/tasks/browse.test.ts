/**
 * GET /tasks: every filter of API.md, free-text search (address, type, description, id), paging newest first, the
 * carrier's `available` fed by bids.bid.placed, and that a page over thousands of tasks is answered from an index.
 */
import { eventTypes, tasksPageSchema, type AuthUser, type TasksPage } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';
import { browsePlanOf, listTasksSql, totalCountCap, type TaskListFilter } from './repo';
import { searchOf } from './search';

let tasks: StartedTasks;
const alice = user('customer');
const bob = user('customer');
const carrierA = user('carrier');
const carrierB = user('carrier');
const admin = user('admin');

interface Seeded {
  id: number;
}
const ids: Record<string, number> = {};

async function seed(name: string, as: AuthUser | null, body: Record<string, unknown>, row: Record<string, unknown> = {}): Promise<Seeded> {
  const reply = await tasks.call('POST', '/tasks', { as, body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.id as number;
  if (Object.keys(row).length > 0) await tasks.db('tasks').where({ id }).update(row);
  ids[name] = id;
  return { id };
}

const list = async (query: string, as: AuthUser | null = null) => {
  const reply = await tasks.call('GET', `/tasks${query}`, { as });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(tasksPageSchema.safeParse(reply.body).success).toBe(true);
  return reply.body as TasksPage;
};
const idsOf = async (query: string, as: AuthUser | null = null) => (await list(query, as)).items.map((t) => t.id);
const names = (...keys: string[]) => keys.map((key) => ids[key]);

beforeAll(async () => {
  tasks = await startTasks();
  const day = (d: string) => new Date(`${d}T12:00:00.000Z`);
  await seed('aliceMoving', alice, taskBody('moving', { description: 'Flyttekasser og klaver', is_flexible: true }), { created_at: day('2026-01-10') });
  await seed(
    'aliceCourier',
    alice,
    taskBody('courier', { from_address: 'Strandvejen 100, 2900 Hellerup', to_address: 'Algade 2, 4000 Roskilde', description: 'Hastepakke' }),
    { created_at: day('2026-02-15'), status: 'assigned', assigned_carrier_id: carrierA.id },
  );
  await seed('bobFurniture', bob, taskBody('furniture', { description: 'Gammel sofa', from_address: 'Torvet 1, 6700 Esbjerg' }), {
    created_at: day('2026-03-20'),
    status: 'completed',
  });
  await seed('bobFullload', bob, taskBody('fullload', { description: 'Paller med fliser' }), { created_at: day('2026-04-01'), status: 'cancelled' });
  await seed('guestPackage', null, taskBody('package', { description: 'Tre kasser bøger', is_flexible: true }), { created_at: day('2026-04-15') });
  await seed('fullBids', bob, taskBody('courier', { description: 'Fyldt med bud' }), { created_at: day('2026-04-20'), bid_count: 5 });
});
afterAll(async () => {
  await tasks?.close();
});

describe('filters', () => {
  it('when nothing is given, then every visible task, newest first, page 1 of 20', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 6, page: 1, limit: 20 });
    expect(page.items.map((t) => t.id)).toEqual(names('fullBids', 'guestPackage', 'bobFullload', 'bobFurniture', 'aliceCourier', 'aliceMoving'));
  });

  it('when status is given, then only that status; active leaves out completed and cancelled', async () => {
    expect(await idsOf('?status=assigned')).toEqual(names('aliceCourier'));
    expect(await idsOf('?status=completed')).toEqual(names('bobFurniture'));
    expect(await idsOf('?status=cancelled')).toEqual(names('bobFullload'));
    expect(await idsOf('?status=in_progress')).toEqual([]);
    expect(await idsOf('?status=active')).toEqual(names('fullBids', 'guestPackage', 'aliceCourier', 'aliceMoving'));
  });

  it('when type is given, then only that type', async () => {
    expect(await idsOf('?type=courier')).toEqual(names('fullBids', 'aliceCourier'));
    expect(await idsOf('?type=package&status=open_for_bids')).toEqual(names('guestPackage'));
  });

  it('when flexible=true, then only flexible tasks; false filters nothing', async () => {
    expect(await idsOf('?flexible=true')).toEqual(names('guestPackage', 'aliceMoving'));
    expect((await list('?flexible=false')).total).toBe(6);
  });

  it('when dateFrom and dateTo are given, then created_at within those days (both included)', async () => {
    expect(await idsOf('?dateFrom=2026-02-15&dateTo=2026-04-01')).toEqual(names('bobFullload', 'bobFurniture', 'aliceCourier'));
    expect(await idsOf('?dateTo=2026-01-10')).toEqual(names('aliceMoving'));
  });

  it('when mine=true, then a customer gets their own tasks and a carrier those assigned to them or bid on', async () => {
    expect(await idsOf('?mine=true', alice)).toEqual(names('aliceCourier', 'aliceMoving'));
    expect(await idsOf('?mine=true', carrierA)).toEqual(names('aliceCourier'));
    const reply = await tasks.call('GET', '/tasks?mine=true');
    expect(reply.status).toBe(401);
  });

  let nextBidId = 1;
  /** A bid placed as svc-bids announces it (the contract's payload). */
  const placeBid = (taskId: number, carrierId: number, totalOre: number) =>
    tasks.publish('bids.bid.placed', {
      bidId: nextBidId++,
      taskId,
      carrierId,
      customerId: null,
      netOre: Math.round(totalOre * 0.7),
      totalOre,
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      carrierListId: null,
      maxBids: 5,
      activeBidCount: 1,
    });

  it('when available=true, then open for bids under the bid limit, and for a carrier without a bid of theirs', async () => {
    expect(await idsOf('?available=true', carrierB)).toEqual(names('guestPackage', 'aliceMoving'));
    await placeBid(ids.guestPackage!, carrierB.id, 150_000);
    await waitFor(async () => !(await idsOf('?available=true', carrierB)).includes(ids.guestPackage!));
    expect(await idsOf('?available=true', carrierB)).toEqual(names('aliceMoving'));
    expect(await idsOf('?available=true', carrierA)).toEqual(names('guestPackage', 'aliceMoving'));
    expect(await idsOf('?mine=true', carrierB)).toEqual(names('guestPackage'));
  });

  it('when a bid is placed, then the count and lowest bid follow; a repeated event counts once', async () => {
    const event = await placeBid(ids.aliceMoving!, carrierA.id, 250_050);
    await placeBid(ids.aliceMoving!, carrierB.id, 199_900);
    await tasks.infra.bus.publish(event);
    await waitFor(async () => (await tasks.call('GET', `/tasks/${ids.aliceMoving}`, { as: alice })).body.bid_count === 2);
    const task = (await tasks.call('GET', `/tasks/${ids.aliceMoving}`, { as: alice })).body;
    expect(task).toMatchObject({ bid_count: 2, lowest_bid: 1999 });
  });

  it('when a customer gives minPrice and maxPrice, then against the lowest bid in DKK', async () => {
    await waitFor(async () => (await idsOf('?minPrice=1', bob)).length === 2);
    expect(await idsOf('?minPrice=1500', bob)).toEqual(names('guestPackage', 'aliceMoving'));
    expect(await idsOf('?maxPrice=1600', bob)).toEqual(names('guestPackage'));
    expect(await idsOf('?minPrice=1600&maxPrice=2000', bob)).toEqual(names('aliceMoving'));
    expect(await idsOf('?minPrice=5000', bob)).toEqual([]);
    expect(await idsOf('?minPrice=1600&maxPrice=2000', admin)).toEqual(names('aliceMoving'));
  });

  it('when a carrier lists or opens tasks, then no lowest bid (a customer total) — and price filters do not narrow it down', async () => {
    await waitFor(async () => (await idsOf('?minPrice=1', bob)).length === 2);
    const asCarrier = (await list('', carrierA)).items;
    expect(asCarrier.length).toBeGreaterThan(0);
    for (const task of asCarrier) expect(task.lowest_bid).toBeNull();
    expect((await tasks.call('GET', `/tasks/${ids.aliceMoving}`, { as: carrierB })).body.lowest_bid).toBeNull();
    expect(await idsOf('?minPrice=5000', carrierA)).toEqual(await idsOf('', carrierA));
    expect((await list('', bob)).items.find((task) => task.id === ids.aliceMoving)?.lowest_bid).toBe(1999);
  });

  it('when a visitor lists or opens tasks open for bids, then the lowest bid shows (public, shared/API.md) and the price filter works', async () => {
    await waitFor(async () => (await idsOf('?minPrice=1', bob)).length === 2);
    const asVisitor = (await list('', null)).items;
    expect(asVisitor.find((task) => task.id === ids.aliceMoving)?.lowest_bid).toBe(1999);
    expect(await idsOf('?minPrice=1600&maxPrice=2000')).toEqual(names('aliceMoving'));
    expect(await idsOf('?minPrice=5000')).toEqual([]);
  });

  it('when a task is no longer open for bids, then only its owner and admins see its lowest bid, and only they find it by price', async () => {
    await tasks.db('tasks').whereIn('id', names('aliceCourier', 'bobFurniture')).update({ lowest_bid_ore: 300_000 });
    try {
      const shown = async (as: AuthUser | null, key: string) => (await list('', as)).items.find((task) => task.id === ids[key])?.lowest_bid;
      expect(await shown(alice, 'aliceCourier')).toBe(3000);
      expect(await shown(admin, 'aliceCourier')).toBe(3000);
      expect(await shown(bob, 'aliceCourier')).toBeNull();
      expect(await shown(bob, 'bobFurniture')).toBe(3000);
      expect(await shown(alice, 'bobFurniture')).toBeNull();
      expect(await shown(null, 'aliceCourier')).toBeNull();
      expect(await shown(carrierB, 'aliceCourier')).toBeNull();
      // The carrier it is assigned to sees the full task, but money only as their payout.
      expect((await tasks.call('GET', `/tasks/${ids.aliceCourier}`, { as: carrierA })).body).toMatchObject({ view: 'full', lowest_bid: null });
      expect((await tasks.call('GET', `/tasks/${ids.aliceCourier}`, { as: alice })).body.lowest_bid).toBe(3000);

      expect(await idsOf('?minPrice=2500', bob)).toEqual(names('bobFurniture'));
      expect(await idsOf('?minPrice=2500', alice)).toEqual(names('aliceCourier'));
      expect(await idsOf('?minPrice=2500', admin)).toEqual(names('bobFurniture', 'aliceCourier'));
    } finally {
      await tasks.db('tasks').whereIn('id', names('aliceCourier', 'bobFurniture')).update({ lowest_bid_ore: null });
    }
  });

  it('when a visitor or an uninvolved user lists tasks, then no owner id and no assigned carrier id', async () => {
    for (const as of [null, bob, carrierB]) {
      const assigned = (await list('', as)).items.filter((task) => task.view === 'public');
      expect(assigned.length).toBeGreaterThan(0);
      for (const task of assigned) expect(task).toMatchObject({ user_id: null, assigned_carrier_id: null });
    }
    const own = (await list('?mine=true', carrierA)).items.find((task) => task.status === 'assigned');
    expect(own).toMatchObject({ view: 'full', assigned_carrier_id: carrierA.id });
  });

  it('when a bids.bid.placed payload is not understood or names an unknown task, then it is skipped', async () => {
    await tasks.publish('bids.bid.placed', { bid: 'garbage' });
    await placeBid(999_999, carrierA.id, 100_000);
    await placeBid(ids.bobFullload!, carrierA.id, 100_000);
    await waitFor(async () => (await tasks.db('task_bidders').where({ task_id: ids.bobFullload })).length === 1);
  });
});

describe('free-text search', () => {
  it('when q names a word of the description (any form, any case), then those tasks', async () => {
    expect(await idsOf('?q=klaver')).toEqual(names('aliceMoving'));
    expect(await idsOf('?q=SOFA')).toEqual(names('bobFurniture'));
    expect(await idsOf('?q=flise')).toEqual(names('bobFullload'));
  });

  it('when q is a type (Danish label or key), then tasks of that type', async () => {
    expect(await idsOf('?q=Møbeltransport')).toEqual(names('bobFurniture'));
    expect(await idsOf('?q=kurer')).toEqual(names('fullBids', 'aliceCourier'));
  });

  it('when q is a city or postal code, then anyone finds tasks there', async () => {
    expect(await idsOf('?q=Roskilde')).toEqual(names('aliceCourier'));
    expect(await idsOf('?q=6700')).toEqual(names('bobFurniture'));
    expect(await idsOf('?q=hellerup')).toEqual(names('aliceCourier'));
  });

  it('when q is a street, then admins and the owner (mine) find it; anonymous users do not', async () => {
    expect(await idsOf('?q=Strandvejen', admin)).toEqual(names('aliceCourier'));
    expect(await idsOf('?q=strandvej&mine=true', alice)).toEqual(names('aliceCourier'));
    expect(await idsOf('?q=Strandvejen')).toEqual([]);
    expect(await idsOf('?q=Strandvejen', bob)).toEqual([]);
  });

  it('when q is a task id (with or without #), then that task', async () => {
    expect(await idsOf(`?q=${ids.bobFullload}`)).toContain(ids.bobFullload);
    expect(await idsOf(`?q=%23${ids.bobFullload}`)).toContain(ids.bobFullload);
  });

  it('when q is combined with filters, then both apply', async () => {
    expect(await idsOf('?q=kurer&status=assigned')).toEqual(names('aliceCourier'));
  });

  it('when q holds tsquery syntax or nothing searchable, then no error', async () => {
    for (const q of ["a'b:*|!(&", '!!!', '\\', 'og']) {
      await list(`?q=${encodeURIComponent(q)}`);
    }
    expect(await idsOf(`?q=${encodeURIComponent('!!!')}`)).toEqual([]);
  });
});

describe('paging', () => {
  it('when limit and page are given, then that slice with the total', async () => {
    const first = await list('?limit=2&page=1');
    const second = await list('?limit=2&page=2');
    const last = await list('?limit=2&page=4');
    expect(first).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect([...first.items, ...second.items].map((t) => t.id)).toEqual(names('fullBids', 'guestPackage', 'bobFullload', 'bobFurniture'));
    expect(last.items).toEqual([]);
  });

  it('when many tasks exist, then a page is answered from the indexes, never a sequential scan', async () => {
    // Enough rows that PostgreSQL's planner prefers indexes to reading the table (PGlite: fewer, for time).
    const count = tasks.infra.kind.startsWith('pg+') ? 30_000 : 3_000;
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: 50_000 + (i % 300),
      is_guest: false,
      type: ['moving', 'courier', 'package', 'furniture', 'fullload'][i % 5],
      status: ['open_for_bids', 'assigned', 'completed', 'cancelled', 'paid', 'in_transit'][i % 6],
      from_address: `Gade ${i}, ${1000 + (i % 8000)} By${i % 50}`,
      to_address: `Vej ${i}, 8000 Aarhus C`,
      from_postal_code: String(1000 + (i % 8000)),
      from_city: `By${i % 50}`,
      to_postal_code: '8000',
      to_city: 'Aarhus C',
      description: i % 1000 === 0 ? `sjælden${i}x genstand` : 'almindelig last',
      details: JSON.stringify({}),
      images: JSON.stringify([]),
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    }));
    await tasks.db.batchInsert('tasks', rows, 1000);
    await tasks.db.raw('analyze tasks');

    const plan = async (filter: TaskListFilter) => {
      const page = { offset: 0, limit: 20 };
      const { sql, bindings } = listTasksSql(tasks.db, filter, page, await browsePlanOf(tasks.db, filter, page));
      const result = await tasks.db.raw(`explain ${sql}`, bindings as readonly Knex.RawBinding[]);
      return (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    };
    const hidden = { hidePendingReviewExceptOwner: null };
    const byStatusAndType = await plan({ ...hidden, statuses: ['open_for_bids'], type: 'moving' });
    const newest = await plan(hidden);
    const search = await plan({ ...hidden, search: searchOf('sjælden2000x', 'search_public') });
    const mine = await plan({ ownerId: 50_007 });

    if (process.env.SHOW_PLANS) console.log([byStatusAndType, newest, search, mine].join('\n---\n'));
    if (tasks.infra.kind.startsWith('pg+')) {
      expect(byStatusAndType).toMatch(/Index (Only )?Scan.*tasks_status_type_created_idx/);
      expect(newest).toMatch(/Index Scan.*tasks_browse_idx/);
      expect(search).toMatch(/Bitmap Index Scan on tasks_search_public_idx/);
      expect(mine).toMatch(/tasks_user_created_idx/);
      for (const p of [byStatusAndType, newest, search, mine]) expect(p).not.toMatch(/Seq Scan on tasks/);
    }
    // Past the count cap the total is a lower bound.
    const matching = count / 30 + 1;
    expect(await list('?status=open_for_bids&type=moving&limit=20')).toMatchObject(
      matching > totalCountCap ? { total: totalCountCap, totalIsEstimate: true } : { total: matching, totalIsEstimate: false },
    );
    expect((await list('?q=sjælden2000x')).items.map((t) => (t as unknown as { description: string }).description)).toEqual(['sjælden2000x genstand']);
  }, 60_000);
});

describe('events', () => {
  it('every created task wrote tasks.task.created', async () => {
    const created = await tasks.outboxEvents(eventTypes.taskCreated);
    expect(created.map((e) => (e.data as { taskId: number }).taskId)).toEqual(expect.arrayContaining(Object.values(ids)));
  });
});
