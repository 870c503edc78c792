/**
 * Starts the real svc-payments and the real svc-ledger in-process on port 0 over one createTestInfra() (PGlite + the
 * in-process bus, or PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set; a schema each) and talks to them
 * over HTTP the way the gateway does. svc-tasks and svc-bids are played by the test: their internal endpoints answer
 * from maps. With `stripe: true` the Stripe provider is used, its SDK pointed at a local fake Stripe server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  quote,
  type AuthUser,
  type InternalBid,
  type InternalTask,
  type TaskStatus,
} from '@fragtbud/contracts';
import { createService, createTestClient, createTestInfra, domainError, type EventEnvelope, observeEvents, type RunningService, type ServiceClient, testCaller, type TestClient, type TestInfra, waitFor } from '@fragtbud/platform';
// Tests only: the booking side is the real svc-ledger, run in-process beside it (never imported by src).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ledgerService, loadLedgerConfig, type LedgerConfig } from '@fragtbud/svc-ledger';
import type { Knex } from 'knex';
import { loadPaymentsConfig, type PaymentsConfig } from './config';
import { createPaymentsService } from './service';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe';

type Call = TestClient['call'];

/** svc-tasks and svc-bids as the test plays them. */
export interface FakePeers {
  /** GET /internal/tasks/:id; absent → 404 task_not_found. */
  tasks: Map<number, InternalTask>;
  /** GET /internal/tasks/:id/accepted-bid, by task id; absent → 404 bid_not_found. */
  acceptedBids: Map<number, InternalBid>;
  /** Set to make both unreachable. */
  down: boolean;
}

export interface StartedPayments {
  url: string;
  config: PaymentsConfig;
  infra: TestInfra;
  db: Knex;
  ledger: { db: Knex; call: Call; schema: string };
  peers: FakePeers;
  stripe: FakeStripe | null;
  /** Every payments.* event seen on the bus, in arrival order. */
  published: EventEnvelope<Record<string, unknown>>[];
  call: Call;
  close(): Promise<void>;
}

export const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
export const publishableKey = 'pk_test_fragtbud';

function fakeClient(peers: FakePeers, answer: (path: string) => unknown): ServiceClient {
  const refuse = () => {
    throw domainError('not_found');
  };
  return {
    async get<T>(path: string): Promise<T> {
      if (peers.down) throw domainError('service_unavailable');
      return structuredClone(answer(path)) as T;
    },
    post: async () => refuse(),
    put: async () => refuse(),
    delete: async () => refuse(),
  };
}

function tasksClient(peers: FakePeers): ServiceClient {
  return fakeClient(peers, (path) => {
    const match = /^\/internal\/tasks\/(\d+)$/.exec(path);
    const task = match ? peers.tasks.get(Number(match[1])) : undefined;
    if (!task) throw domainError('task_not_found');
    return task;
  });
}

function bidsClient(peers: FakePeers): ServiceClient {
  return fakeClient(peers, (path) => {
    const match = /^\/internal\/tasks\/(\d+)\/accepted-bid$/.exec(path);
    const bid = match ? peers.acceptedBids.get(Number(match[1])) : undefined;
    if (!bid) throw domainError('bid_not_found');
    return bid;
  });
}

export async function startPayments(options: { stripe?: boolean; env?: Record<string, string> } = {}): Promise<StartedPayments> {
  const infra = await createTestInfra('payments');
  const secret = randomBytes(32).toString('hex');
  const peers: FakePeers = { tasks: new Map(), acceptedBids: new Map(), down: false };
  let published: EventEnvelope<Record<string, unknown>>[] = [];
  let stripe: FakeStripe | null = null;
  let ledger: RunningService<LedgerConfig> | undefined;
  let payments: RunningService<PaymentsConfig> | undefined;
  try {
    published = await observeEvents(infra, ['payments.>']);
    const ledgerDatabase = await infra.addDatabase('ledger');
    const ledgerConfig = loadLedgerConfig({ ...infra.env, DATABASE_SCHEMA: ledgerDatabase.schema, INTERNAL_TOKEN_SECRET: secret });
    ledger = await createService(ledgerService, { config: ledgerConfig, database: ledgerDatabase, bus: infra.bus, logger: infra.logger });
    const ledgerUrl = (await ledger.listen(0)).url;

    const stripeEnv: Record<string, string> = {};
    if (options.stripe) {
      stripe = await startFakeStripe();
      Object.assign(stripeEnv, {
        STRIPE_SECRET_KEY: 'sk_test_fragtbud',
        STRIPE_PUBLISHABLE_KEY: publishableKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_HOST: stripe.host,
        STRIPE_API_PORT: String(stripe.port),
        STRIPE_API_PROTOCOL: 'http',
      });
    }
    const config = loadPaymentsConfig({ ...infra.env, INTERNAL_TOKEN_SECRET: secret, ...stripeEnv, ...options.env });
    payments = await createService(createPaymentsService(), {
      config,
      database: infra.database,
      bus: infra.bus,
      logger: infra.logger,
      clients: { tasks: tasksClient(peers), bids: bidsClient(peers) },
    });
    const { url } = await payments.listen(0);
    const runningLedger = ledger;
    const runningPayments = payments;
    const fakeStripe = stripe;

    return {
      url,
      config,
      infra,
      db: infra.database.knex,
      ledger: { db: ledgerDatabase.knex, call: createTestClient({ url: ledgerUrl, secret }).call, schema: ledgerDatabase.schema },
      peers,
      stripe,
      published,
      call: createTestClient({ url, secret }).call,
      async close() {
        await runningPayments.close();
        await runningLedger.close();
        await fakeStripe?.close();
        await infra.close();
      },
    };
  } catch (error) {
    await payments?.close();
    await ledger?.close();
    await stripe?.close();
    await infra.close();
    throw error;
  }
}

let nextId = 7_000;

/** A caller as the gateway would vouch for it; each call is a new user. */
export const user = testCaller;

export interface PayableTask {
  task: InternalTask;
  bid: InternalBid;
  owner: AuthUser;
  carrier: AuthUser;
}

const settings = { feePercentage: 10, fixedFeeOre: 2_000, vatPercentage: 25, minFeeOre: 3_000 };

/**
 * A task as svc-tasks and svc-bids would have it once the owner chose a bid: assigned, with its accepted bid and
 * the bid's quote snapshot (default fees, the carrier on list B at 10 %).
 */
export function payableTask(
  started: StartedPayments,
  options: { netOre?: number; status?: TaskStatus; validUntil?: Date; owner?: AuthUser; withoutBid?: boolean } = {},
): PayableTask {
  nextId += 1;
  const owner = options.owner ?? user('customer');
  const carrier = user('carrier');
  const task: InternalTask = { id: nextId, user_id: owner.id, status: options.status ?? 'assigned', type: 'moving', max_bids: null };
  const netOre = options.netOre ?? 150_000;
  const carrierFee = { feePercentage: 10, fixedFeeOre: 0 };
  const now = new Date();
  const bid: InternalBid = {
    id: nextId + 100_000,
    taskId: task.id,
    carrierId: carrier.id,
    carrierName: carrier.name,
    customerId: owner.id,
    status: 'accepted',
    netOre,
    validUntil: (options.validUntil ?? new Date(now.getTime() + 7 * 24 * 3600 * 1000)).toISOString(),
    acceptedAt: now.toISOString(),
    quote: quote({ netOre, settings, carrierFee }),
    carrierList: { id: 2, name: 'B' },
    carrierFee,
    settings,
    maxBids: 5,
    quotedAt: now.toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  started.peers.tasks.set(task.id, task);
  if (!options.withoutBid) started.peers.acceptedBids.set(task.id, bid);
  return { task, bid, owner, carrier };
}

/** The payments.payment.succeeded events seen for a task so far. */
export function succeededEvents(started: StartedPayments, taskId: number): EventEnvelope<Record<string, unknown>>[] {
  return started.published.filter((event) => event.type === 'payments.payment.succeeded' && event.data.taskId === taskId);
}

/** Waits for the event to come through the bus and for the ledger to book it. */
export async function waitForBooking(started: StartedPayments, taskId: number): Promise<Record<string, unknown>> {
  await waitFor(() => succeededEvents(started, taskId).length > 0);
  return waitFor(() => started.ledger.db('ledger_transactions').where({ task_id: taskId }).first());
}

/** Lets the relay and the bus deliver whatever they still hold (to show that nothing more arrives). */
export async function settle(ms = 400): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export function newEnvelope(type: string, data: object): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data };
}
