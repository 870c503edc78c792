/**
 * Operations on the event flow (README "Operations"):
 *   npm run events:replay -- --since 2026-11-24T10:00:00Z [--service tasks]
 *     marks every outbox row since that moment unsent; each running service's relay publishes them again within a
 *     second (consumers skip what they already handled, so a replay is safe). Rows are kept 7 days.
 *   npm run events:dead-letters [-- --durable chat-notifications]
 *     lists the events consumers gave up on after the maximum number of deliveries (JSON, one a line).
 * DATABASE_URL, NATS_URL and BUS_NAMESPACE as for start:services.
 */
import { parseArgs } from 'node:util';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { deadLetterProducer, markForReplay, streamNaming, type DeadLetter } from '@fragtbud/platform';
import knexFactory from 'knex';

const services = ['identity', 'tasks', 'bids', 'payments', 'chat', 'ledger'];
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fragtbud';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = process.env.BUS_NAMESPACE || undefined;

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { since: { type: 'string' }, service: { type: 'string', multiple: true }, durable: { type: 'string' } },
});

async function replay(): Promise<void> {
  const since = values.since ? new Date(values.since) : undefined;
  if (!since || Number.isNaN(since.getTime())) throw new Error('--since <ISO time> is required, e.g. --since 2026-11-24T10:00:00Z');
  for (const schema of values.service ?? services) {
    const knex = knexFactory({ client: 'pg', connection: databaseUrl, searchPath: [schema] });
    try {
      if (!(await knex.schema.withSchema(schema).hasTable('outbox'))) {
        process.stdout.write(`${schema}: no outbox (the service never ran against this database)\n`);
        continue;
      }
      const count = await markForReplay(knex, since);
      process.stdout.write(`${schema}: ${count} events since ${since.toISOString()} will be published again\n`);
    } finally {
      await knex.destroy();
    }
  }
}

async function deadLetters(): Promise<void> {
  const naming = streamNaming(namespace);
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = naming.stream(deadLetterProducer);
    const info = await jsm.streams.info(stream).catch(() => undefined);
    if (!info || info.state.messages === 0) {
      process.stdout.write('no dead letters\n');
      return;
    }
    // An ordered consumer reads the stream once; filtered here (NATS 2.9 has no filter_subjects).
    const consumer = await jetstream(nc).consumers.get(stream, { deliver_policy: DeliverPolicy.All });
    let listed = 0;
    for (;;) {
      const message = await consumer.next({ expires: 1_000 });
      if (!message) break;
      const letter = message.json<DeadLetter>();
      if (!values.durable || letter.durable === values.durable) {
        process.stdout.write(`${JSON.stringify({ seq: message.seq, ...letter })}\n`);
        listed += 1;
      }
      if (message.info.pending === 0) break;
    }
    process.stderr.write(`${listed} dead letter(s)\n`);
  } finally {
    await nc.close();
  }
}

try {
  if (command === 'replay') await replay();
  else if (command === 'dead-letters') await deadLetters();
  else throw new Error('usage: scripts/events.ts replay --since <ISO> [--service name…] | dead-letters [--durable name]');
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
