/**
 * `npm run ledger:verify`: reconciles the ledger with the money that moved (see svc-ledger/src/verify/reconcile.ts)
 * and exits 1 when anything does not add up, 0 when everything does, 2 when it could not look.
 *
 * Where it looks: DATABASE_URL (PostgreSQL, a schema per service: PAYMENTS_SCHEMA, default `payments`, and
 * LEDGER_SCHEMA, default `ledger` — what `npm run start:services` uses), else the embedded PGlite under
 * DATA_DIR/pglite (default ./data/pglite; stop `npm start` first, the directory takes one process).
 */
import path from 'node:path';
import { createDatabase, createLogger, openPglite, type Database, type SharedPglite } from '@fragtbud/platform';
// An operations tool, not a service: it alone holds both schemas.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { reconcileLedger } from '@fragtbud/svc-ledger';

const env = process.env;
const logger = createLogger({ name: 'ledger-verify', level: 'warn' });
const schemas = { payments: env.PAYMENTS_SCHEMA ?? 'payments', ledger: env.LEDGER_SCHEMA ?? 'ledger' };

let shared: SharedPglite | undefined;
const databases: Database[] = [];
let exitCode = 2;
try {
  if (!env.DATABASE_URL) shared = await openPglite(path.join(path.resolve(env.DATA_DIR ?? 'data'), 'pglite'));
  const open = async (schema: string) => {
    const database = await createDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, schema, logger } : { pglite: shared!, schema, logger });
    databases.push(database);
    return database.knex;
  };
  const [payments, ledger] = [await open(schemas.payments), await open(schemas.ledger)];
  const problems = await reconcileLedger(payments, ledger);
  const where = env.DATABASE_URL ? `${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname}` : 'PGlite';
  if (problems.length === 0) {
    process.stdout.write(`ledger:verify: the books add up (${where}, schemas ${schemas.payments} + ${schemas.ledger})\n`);
    exitCode = 0;
  } else {
    process.stdout.write(`ledger:verify: ${problems.length} mismatch(es) (${where}):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`ledger:verify could not run: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  for (const database of databases) await database.close();
  await shared?.close();
}
process.exit(exitCode);
