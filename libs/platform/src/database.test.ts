import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { migrate, type Migration } from './migrate';
import { createTestInfra, waitFor, type TestInfra } from './testing';

const migrations: Migration[] = [
  {
    name: '001_prices',
    up: (knex) =>
      knex.schema.createTable('prices', (table) => {
        table.bigIncrements('id');
        table.bigInteger('amount_ore').notNullable();
        table.decimal('vat_rate', 5, 2).notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      }),
    down: (knex) => knex.schema.dropTable('prices'),
  },
];

describe('database', () => {
  let infra: TestInfra;

  beforeAll(async () => {
    infra = await createTestInfra('dbtest');
  });

  afterAll(() => infra.close());

  it('when migrated, then the platform tables come first and a second run applies nothing', async () => {
    expect(await migrate(infra.database, migrations)).toEqual(['000_platform_outbox_inbox', '001_platform_bus_store', '001_platform_idempotency', '001_prices']);
    expect(await migrate(infra.database, migrations)).toEqual([]);
    const { rows } = await infra.database.knex.raw(
      'select table_name from information_schema.tables where table_schema = ? order by table_name',
      [infra.database.schema],
    );
    expect(rows.map((row: { table_name: string }) => row.table_name)).toEqual(
      expect.arrayContaining(['inbox', 'knex_migrations', 'outbox', 'prices']),
    );
  });

  it('when int8, numeric and count come back, then they are numbers; timestamps are Dates', async () => {
    await infra.database.knex('prices').insert({ amount_ore: 123_450, vat_rate: 25 });
    const row = await infra.database.knex('prices').first();
    expect(row).toMatchObject({ id: expect.any(Number), amount_ore: 123_450, vat_rate: 25 });
    expect(row.created_at).toBeInstanceOf(Date);
    const [{ count }] = await infra.database.knex('prices').count({ count: '*' });
    expect(count).toBe(1);
  });

  it('when rows are updated or deleted, then knex answers the number of rows on both databases', async () => {
    await infra.database.knex('prices').insert([{ amount_ore: 1, vat_rate: 25 }, { amount_ore: 2, vat_rate: 25 }]);
    expect(await infra.database.knex('prices').whereIn('amount_ore', [1, 2]).update({ vat_rate: 0 })).toBe(2);
    expect(await infra.database.knex('prices').whereIn('amount_ore', [1, 2]).del()).toBe(2);
    expect(await infra.database.knex('prices').where({ amount_ore: 1 }).del()).toBe(0);
  });

  it('when every connection of the pool is busy, then a query on the reserved connections runs at once (PostgreSQL; PGlite has one connection)', async () => {
    const { database } = infra;
    if (database.kind === 'pglite') {
      expect(database.reserved()).toBe(database.knex);
      return;
    }
    const pool = (database.knex.client as { pool: { numUsed(): number } }).pool;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: 10 }, () =>
      database.knex.transaction(async (trx) => {
        await trx.raw('select 1');
        await released;
      }),
    );
    await waitFor(() => pool.numUsed() === 10);
    let mainAnswered = false;
    const main = database.knex.raw('select 1').then(() => {
      mainAnswered = true;
    });

    try {
      const counted = await database.reserved()('prices').count({ count: '*' }).first();
      expect(counted).toEqual({ count: expect.any(Number) });
      expect(mainAnswered).toBe(false);
    } finally {
      release();
      await Promise.allSettled([...holders, main]);
    }
  });

  it('when two migrations share a name, then migrate refuses', async () => {
    await expect(migrate(infra.database, [...migrations, { ...migrations[0]!, up: async () => undefined }])).rejects.toThrow(
      /Duplicate migration name 001_prices/,
    );
  });

  it('when another schema is migrated, then its tables are its own', async () => {
    const other = await infra.addDatabase('dbtest_other');
    await migrate(other, migrations);
    expect(await other.knex('prices')).toEqual([]);
    expect(await infra.database.knex('prices')).toHaveLength(1);
  });

  it('when the schema name is not a plain identifier, then createDatabase refuses before touching anything', async () => {
    await expect(createDatabase({ schema: 'x; drop table y', pgliteDir: 'memory' })).rejects.toThrow(/Invalid database schema name/);
  });
});
