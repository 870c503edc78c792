import type { Knex } from 'knex';
import type { Database } from './database';
import { idempotencyMigration } from './idempotency';
import { platformBusStoreMigration, platformMigration } from './platform-migration';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<unknown>;
  down?(knex: Knex): Promise<unknown>;
}

/** Runs the platform tables first (outbox/inbox, idempotency keys), then the service's migrations in the order given, inside the service's schema. */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  const all = [platformMigration, platformBusStoreMigration, idempotencyMigration, ...migrations];
  assertUniqueNames(all);
  const [, applied] = (await db.knex.migrate.latest({
    migrationSource: inMemorySource(all),
    schemaName: db.schema,
    tableName: 'knex_migrations',
  })) as [number, string[]];
  return applied;
}

function inMemorySource(migrations: readonly Migration[]): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => [...migrations],
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: migration.up,
      down: migration.down ?? (async () => {
        throw new Error(`Migration ${migration.name} cannot be rolled back`);
      }),
    }),
  };
}

function assertUniqueNames(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { name } of migrations) {
    if (seen.has(name)) throw new Error(`Duplicate migration name ${name}`);
    seen.add(name);
  }
}
