/**
 * The browse queries' plans at 30 000 realistic tasks on PostgreSQL (PGlite is one connection and not the server the
 * numbers are about: skipped there). Every page and count query must come from an index — no sequential scan on
 * tasks — and must not spill to temporary files, whatever the filter: the newest page, a deep page, a cursor page,
 * a frequent and a rare word, type + status, a price range, the owner's own list.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, type StartedTasks } from '../test-harness';
import { browsePlanOf, countTasksSql, listTasksSql, totalCountCap, type TaskListFilter, type TaskPageRequest } from './repo';
import { searchOf } from './search';
import { rareSeedWords, seedTasks } from './seed';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const rowCount = 30_000;

describe.skipIf(!onPostgres)('browse query plans at 30 000 tasks (PostgreSQL)', () => {
  let tasks: StartedTasks;

  beforeAll(async () => {
    tasks = await startTasks();
    await seedTasks(tasks.db, { count: rowCount, seed: 30, batchSize: 2000 });
    // The visibility map makes index-only scans possible; the statistics make the planner see 30 000 rows.
    await tasks.db.raw('vacuum analyze tasks');
  }, 120_000);

  afterAll(async () => {
    await tasks?.close();
  });

  const explain = async ({ sql, bindings }: Knex.Sql) => {
    const result = await tasks.db.raw(`explain (analyze, buffers) ${sql}`, bindings as readonly Knex.RawBinding[]);
    return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
  };
  const anonymous: TaskListFilter = { hidePendingReviewExceptOwner: null };
  const firstPage: TaskPageRequest = { offset: 0, limit: 20 };

  const cases: [string, TaskListFilter, TaskPageRequest, RegExp][] = [
    ['the newest page', anonymous, firstPage, /tasks_browse_idx/],
    ['page 50 (offset 980)', anonymous, { offset: 980, limit: 20 }, /Index Only Scan using tasks_browse_idx/],
    ['a page after a cursor', anonymous, { offset: 0, limit: 20, after: { createdAtMicros: String(Date.now() * 1000 - 90 * 86_400_000_000), id: 1 } }, /Index (Only )?Scan using tasks_browse_idx/],
    ['a frequent word (aarhus)', { ...anonymous, search: searchOf('aarhus', 'search_public') }, firstPage, /tasks_browse_idx|tasks_search_public_idx/],
    ['a rare word', { ...anonymous, search: searchOf(rareSeedWords[0], 'search_public') }, firstPage, /Bitmap Index Scan on tasks_search_public_idx/],
    ['a word no task has', { ...anonymous, search: searchOf('xylofonstemmer', 'search_public') }, firstPage, /Bitmap Index Scan on tasks_search_public_idx/],
    ['type + status', { ...anonymous, statuses: ['open_for_bids'], type: 'moving' }, firstPage, /tasks_status_type_created_idx/],
    ['a price range', { ...anonymous, minLowestBidOre: 100_000, maxLowestBidOre: 500_000 }, firstPage, /tasks_browse_idx|tasks_lowest_bid_idx/],
    ['the owner\'s own tasks', { ownerId: 7 }, firstPage, /tasks_user_created_idx/],
  ];

  it.each(cases)('when browsing %s, then the page comes from the intended index without a sequential scan or temp files', async (_name, filter, page, index) => {
    const plan = await explain(listTasksSql(tasks.db, filter, page, await browsePlanOf(tasks.db, filter, page)));
    if (process.env.SHOW_PLANS) console.log(`${_name}\n${plan}`);
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on tasks/);
    expect(plan).not.toMatch(/temp (read|written)=/);
  });

  it.each(cases)('when counting %s, then the count stops at the cap and reads an index', async (_name, filter) => {
    const plan = await explain(countTasksSql(tasks.db, filter, totalCountCap, await browsePlanOf(tasks.db, filter, { offset: 0, limit: 20 })));
    if (process.env.SHOW_PLANS) console.log(`count: ${_name}\n${plan}`);
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(plan).not.toMatch(/Seq Scan on tasks/);
    expect(plan).not.toMatch(/temp (read|written)=/);
  });

  it('when a frequent word matches thousands of tasks, then the total is the cap, estimated without counting', async () => {
    const reply = await tasks.call('GET', '/tasks?q=aarhus&page=2', { as: null });
    expect(reply.body).toMatchObject({ total: totalCountCap, totalIsEstimate: true });
    const rare = await tasks.call('GET', `/tasks?q=${rareSeedWords[1]}`, { as: null });
    expect(rare.body.totalIsEstimate).toBe(false);
    expect(rare.body.total).toBe((rare.body.items as unknown[]).length);
  });

  it('when anonymous browsing matches more than the cap, then the total says "at least" and the cursor continues the order', async () => {
    const first = await tasks.call('GET', '/tasks?limit=20');
    expect(first.body).toMatchObject({ total: totalCountCap, totalIsEstimate: true });
    const cursor = first.body.nextCursor as string;
    expect(cursor).toMatch(/^\d+_\d+$/);
    const next = await tasks.call('GET', `/tasks?limit=20&page=2&after=${cursor}`);
    const byOffset = await tasks.call('GET', '/tasks?limit=20&page=2');
    expect((next.body.items as { id: number }[]).map((t) => t.id)).toEqual((byOffset.body.items as { id: number }[]).map((t) => t.id));
  });
});
