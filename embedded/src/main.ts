import path from 'node:path';
import { roleLabels } from '@fragtbud/contracts';
import { createLogger } from '@fragtbud/platform';
import { demoAccounts } from '@fragtbud/svc-identity';
import { seedDemoTasks } from './demo-tasks';
import { startEmbedded } from './topology';

/**
 * `npm start` is for trying the product: demo accounts and, on a fresh data folder, a few demo tasks (one with a
 * bid) on; the CVR lookup answers from a few real companies kept in the code (`CVR_PROVIDER=local`); only warnings
 * in the console unless asked.
 */
const env: Record<string, string | undefined> = { DEMO_SEED: '1', DEMO_TASKS: '1', CVR_PROVIDER: 'local', LOG_LEVEL: 'warn', ...process.env };
const logger = createLogger({ name: 'fragtbud', level: env.LOG_LEVEL });
const dataDir = path.resolve(env.DATA_DIR ?? 'data');

// Stop requests are taken from the first moment (a SIGTERM while PGlite opens or the demo tasks are seeded must not
// kill the process with the PGlite lock and the port held): the topology closes as soon as it is there.
let stopRequested = false;
const running: { close?: () => void } = {};
const requestStop = () => {
  if (stopRequested) return;
  stopRequested = true;
  running.close?.();
};
// `npm start` ends in `exec node …`: npm's SIGTERM/SIGINT reaches this process itself.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, requestStop);
// Should whatever started us be killed outright (npm by SIGKILL), we are re-parented: close instead of holding the
// port and the PGlite lock as an orphan.
const startingParent = process.ppid;
setInterval(() => {
  if (process.ppid !== startingParent) requestStop();
}, 1_000).unref();

const topology = await startEmbedded({ env, dataDir, logger });
running.close = () =>
  void topology.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
if (stopRequested) running.close();

const lines = [
  '',
  `  Fragtbud kører på ${topology.url}`,
  `  API-dokumentation: ${topology.url}/api/docs`,
  `  Data: ${dataDir} (PGlite), hændelser i processen, betaling: mock`,
];
if (env.DEMO_SEED === '1') {
  lines.push('', '  Demo-konti:');
  for (const account of demoAccounts) {
    lines.push(`    ${roleLabels[account.role].padEnd(15)} ${account.email.padEnd(24)} ${account.password}`);
  }
  if (env.DEMO_TASKS === '1') {
    try {
      const seeded = await seedDemoTasks(topology.url);
      if (seeded.tasks > 0) lines.push('', `  Demo-opgaver: ${seeded.tasks} åbne opgaver fra Demo Kunde, ${seeded.bids} med bud fra Demo Vognmand`);
    } catch (error) {
      logger.warn({ err: error }, 'demo tasks were not created');
    }
  }
}
process.stdout.write(`${lines.join('\n')}\n\n`);

