/**
 * Loads N realistic tasks into svc-tasks' schema through the service's own migrations and repository code.
 *
 *   npx tsx bench/seed-tasks.ts --count 100000 --database-url postgres://postgres@127.0.0.1:5432/fragtbud_bench
 *   npx tsx bench/seed-tasks.ts --count 20000 --pglite-dir data/pglite        # embedded data directory
 *
 * Options: --count N (default 100000), --schema NAME (default tasks), --seed N, --replace (empty the table first).
 * Ends with ANALYZE, so the planner sees the new rows at once.
 */
import { parseArgs } from 'node:util';
import { createDatabase, migrate } from '@fragtbud/platform';
import { seedTasks, tasksService } from '@fragtbud/embedded/bench-kit';

export async function seedTaskTable(options: { count: number; url?: string; pgliteDir?: string; schema?: string; seed?: number; replace?: boolean }) {
  const database = await createDatabase({
    schema: options.schema ?? 'tasks',
    ...(options.url ? { url: options.url } : { pgliteDir: options.pgliteDir ?? 'memory' }),
  });
  try {
    await migrate(database, tasksService.migrations ?? []);
    if (options.replace) await database.knex.raw('truncate table tasks restart identity cascade');
    const started = Date.now();
    const inserted = await seedTasks(database.knex, {
      count: options.count,
      seed: options.seed ?? 15,
      batchSize: database.kind === 'pg' ? 2000 : 500,
      onProgress: (done) => {
        if (done % 20_000 === 0 || done === options.count) process.stdout.write(`  ${done} tasks\n`);
      },
    });
    await database.knex.raw('analyze tasks');
    return { inserted, ms: Date.now() - started };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      'database-url': { type: 'string' },
      'pglite-dir': { type: 'string' },
      schema: { type: 'string', default: 'tasks' },
      seed: { type: 'string', default: '15' },
      replace: { type: 'boolean', default: false },
    },
  });
  const result = await seedTaskTable({
    count: Number(values.count),
    url: values['database-url'],
    pgliteDir: values['pglite-dir'],
    schema: values.schema,
    seed: Number(values.seed),
    replace: values.replace,
  });
  process.stdout.write(`seeded ${result.inserted} tasks in ${(result.ms / 1000).toFixed(1)} s\n`);
}
