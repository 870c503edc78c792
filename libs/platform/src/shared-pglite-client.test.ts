import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';
import { openPglite, type SharedPglite } from './pglite-instance';

/** Work inside a transaction (the other knex gets its chance to interleave), not a wait for something to happen. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

describe('several knex instances on one shared PGlite', () => {
  let shared: SharedPglite;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    shared = await openPglite('memory');
    a = await createDatabase({ pglite: shared, schema: 'svc_a' });
    b = await createDatabase({ pglite: shared, schema: 'svc_b' });
    for (const db of [a, b]) await db.knex.schema.createTable('items', (table) => table.text('name'));
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  const names = async (db: Database) => (await db.knex('items').orderBy('name')).map((row) => row.name as string);

  it('when two transactions interleave and one rolls back, then each schema has exactly its own committed rows', async () => {
    const aInserted = signal();
    const rollingBack = a.knex
      .transaction(async (trx) => {
        await trx('items').insert({ name: 'a1' });
        aInserted.fire();
        await pause(20);
        await trx('items').insert({ name: 'a2' });
        throw new Error('roll back a');
      })
      .catch((error: Error) => error.message);
    const committing = b.knex.transaction(async (trx) => {
      await trx('items').insert({ name: 'b1' });
      await pause(20);
      await trx('items').insert({ name: 'b2' });
    });
    const plainInsertDuringA = aInserted.promise.then(() => b.knex('items').insert({ name: 'b-plain' }));

    expect(await rollingBack).toBe('roll back a');
    await Promise.all([committing, plainInsertDuringA]);
    expect(await names(a)).toEqual([]);
    expect(await names(b)).toEqual(['b-plain', 'b1', 'b2']);
  });

  it('when one knex holds a transaction, then the other waits for the commit instead of joining it', async () => {
    const order: string[] = [];
    const aInside = signal();
    const inA = a.knex.transaction(async (trx) => {
      order.push('a:begin');
      await trx('items').insert({ name: 'x' });
      aInside.fire();
      await pause(30);
      order.push('a:commit');
    });
    await aInside.promise;
    const inB = b.knex('items').select().then(() => order.push('b:query'));
    await Promise.all([inA, inB]);
    expect(order).toEqual(['a:begin', 'a:commit', 'b:query']);
    expect(await names(a)).toEqual(['x']);
  });

  it('when each knex queries after the other, then search_path follows the knex', async () => {
    const [schemaA, schemaB] = await Promise.all([
      a.knex.raw('select current_schema() as s'),
      b.knex.raw('select current_schema() as s'),
    ]);
    expect(schemaA.rows[0].s).toBe('svc_a');
    expect(schemaB.rows[0].s).toBe('svc_b');
  });

  it('when one knex queries several times in a row, then search_path is set only when the schema changes hands', async () => {
    const sent: string[] = [];
    const query = shared.instance.query.bind(shared.instance);
    shared.instance.query = ((sql: string, ...rest: unknown[]) => {
      sent.push(sql);
      return (query as (...args: unknown[]) => unknown)(sql, ...rest);
    }) as typeof shared.instance.query;
    try {
      await a.knex.raw('select 1');
      await a.knex.raw('select 2');
      await a.knex.raw('select 3');
      await b.knex.raw('select 4');
      await a.knex.raw('select current_schema() as s');
    } finally {
      shared.instance.query = query;
    }
    expect(sent.filter((sql) => sql.startsWith('set search_path'))).toEqual([
      ...(sent[0]?.startsWith('set search_path') ? ['set search_path to "svc_a"'] : []),
      'set search_path to "svc_b"',
      'set search_path to "svc_a"',
    ]);
    expect(sent.filter((sql) => sql.startsWith('select'))).toHaveLength(5);
  });

  it('when int8 and numeric come back, then they are numbers and timestamps are Dates', async () => {
    const { rows } = await a.knex.raw('select count(*) as c, 12.50::numeric as n, 9007199254740::bigint as b, now() as t');
    expect(rows[0]).toMatchObject({ c: expect.any(Number), n: 12.5, b: 9007199254740 });
    expect(rows[0].t).toBeInstanceOf(Date);
  });

  it('when a knex is closed, then the shared instance stays open for the others', async () => {
    const c = await createDatabase({ pglite: shared, schema: 'svc_c' });
    await c.close();
    expect(shared.instance.closed).toBe(false);
    expect(await names(b)).toContain('b1');
  });
});
