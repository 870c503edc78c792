/**
 * Starts the real svc-bids and the real svc-ledger in-process on port 0 over one createTestInfra() (PGlite + the
 * in-process bus, or PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set; a schema each) and talks to them
 * over HTTP the way the gateway does — a signed internal token on every request — or as another service does.
 * svc-tasks is played by the test: its events go on the bus, and its GET /internal/tasks/:id answers from a map.
 */
import { randomBytes } from 'node:crypto';
import {
  eventTypes,
  type AuthUser,
  type EventPayload,
  type InternalTask,
  type TaskStatus,
  type TaskType,
} from '@fragtbud/contracts';
import { createService, createTestClient, createTestInfra, domainError, type EventEnvelope, outboxEnvelopes, type RunningService, type ServiceClient, testCaller, type TestCallOptions, type TestClient, testEnvelope, type TestInfra, type TestReply, waitFor } from '@fragtbud/platform';
// Tests only: svc-bids' quotes come from the real svc-ledger, run in-process beside it (never imported by src).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ledgerService, loadLedgerConfig, type LedgerConfig } from '@fragtbud/svc-ledger';
import type { Knex } from 'knex';
import { loadBidsConfig, type BidsConfig } from './config';
import { createBidsService } from './service';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Reply<B = any> = TestReply<B>;
export type CallOptions = TestCallOptions;
type Call = TestClient['call'];

/** svc-tasks as the test plays it. */
export interface FakeTasks {
  /** What GET /internal/tasks/:id answers; absent → 404. */
  tasks: Map<number, InternalTask>;
  /** GET /internal/tasks/:id calls made, by task id. */
  fetched: number[];
  /** Set to make svc-tasks unreachable. */
  down: boolean;
  /** The follow-up link token of a guest's task: POST /internal/tasks/:id/access grants exactly this one. */
  accessTokens: Map<number, string>;
}

export interface StartedBids {
  url: string;
  config: BidsConfig;
  infra: TestInfra;
  db: Knex;
  ledger: { url: string; db: Knex; call: Call };
  fakeTasks: FakeTasks;
  /** The clock svc-bids reads; `clock.now = undefined` for real time. */
  clock: { now: Date | undefined };
  call: Call;
  /** Events svc-bids wrote to its outbox, oldest first (optionally of one type). */
  outboxEvents(type?: string): Promise<EventEnvelope<Record<string, unknown>>[]>;
  /** Publishes an event on the bus as another service would. */
  publish(type: string, data: object, occurredAt?: Date): Promise<EventEnvelope>;
  close(): Promise<void>;
}

function fakeTasksClient(fake: FakeTasks): ServiceClient {
  const refuse = () => {
    throw domainError('not_found');
  };
  return {
    async get<T>(path: string): Promise<T> {
      if (fake.down) throw domainError('service_unavailable');
      const match = /^\/internal\/tasks\/(\d+)$/.exec(path);
      if (!match) return refuse();
      const id = Number(match[1]);
      fake.fetched.push(id);
      const task = fake.tasks.get(id);
      if (!task) {
        throw domainError('task_not_found');
      }
      return structuredClone(task) as T;
    },
    async post<T>(path: string, body?: unknown): Promise<T> {
      if (fake.down) throw domainError('service_unavailable');
      const match = /^\/internal\/tasks\/(\d+)\/access$/.exec(path);
      if (!match) return refuse();
      const token = (body as { token?: unknown } | undefined)?.token;
      return { granted: token !== undefined && fake.accessTokens.get(Number(match[1])) === token } as T;
    },
    put: async () => refuse(),
    delete: async () => refuse(),
  };
}

export async function startBids(): Promise<StartedBids> {
  const infra = await createTestInfra('bids');
  const secret = randomBytes(32).toString('hex');
  const fakeTasks: FakeTasks = { tasks: new Map(), fetched: [], down: false, accessTokens: new Map() };
  const clock: { now: Date | undefined } = { now: undefined };
  let ledger: RunningService<LedgerConfig> | undefined;
  let bids: RunningService<BidsConfig> | undefined;
  try {
    const ledgerDatabase = await infra.addDatabase('ledger');
    const ledgerConfig = loadLedgerConfig({ ...infra.env, DATABASE_SCHEMA: ledgerDatabase.schema, INTERNAL_TOKEN_SECRET: secret });
    ledger = await createService(ledgerService, { config: ledgerConfig, database: ledgerDatabase, bus: infra.bus, logger: infra.logger });
    const ledgerUrl = (await ledger.listen(0)).url;

    const config = loadBidsConfig({ ...infra.env, INTERNAL_TOKEN_SECRET: secret, LEDGER_URL: ledgerUrl });
    bids = await createService(createBidsService({ now: () => clock.now ?? new Date() }), {
      config,
      database: infra.database,
      bus: infra.bus,
      logger: infra.logger,
      clients: { tasks: fakeTasksClient(fakeTasks) },
    });
    const { url } = await bids.listen(0);
    const runningLedger = ledger;
    const runningBids = bids;
    const db = infra.database.knex;

    return {
      url,
      config,
      infra,
      db,
      ledger: { url: ledgerUrl, db: ledgerDatabase.knex, call: createTestClient({ url: ledgerUrl, secret }).call },
      fakeTasks,
      clock,
      call: createTestClient({ url, secret }).call,
      outboxEvents: (type) => outboxEnvelopes(db, type),
      async publish(type, data, occurredAt) {
        const envelope = testEnvelope(type, data, occurredAt);
        await infra.bus.publish(envelope);
        return envelope;
      },
      async close() {
        await runningBids.close();
        await runningLedger.close();
        await infra.close();
      },
    };
  } catch (error) {
    await bids?.close();
    await ledger?.close();
    await infra.close();
    throw error;
  }
}

let nextId = 5_000;

/** A caller as the gateway would vouch for it; each call is a new user. */
export const user = testCaller;

export interface TaskOptions {
  owner?: AuthUser | null;
  type?: TaskType;
  status?: TaskStatus;
  maxBids?: number | null;
  /** Only svc-tasks knows it (no event yet): the first bid has to fetch it. */
  withoutEvent?: boolean;
}

/** A task as svc-tasks would create it: its created event on the bus (awaited in svc-bids) and its internal answer. */
export async function createTask(bids: StartedBids, options: TaskOptions = {}): Promise<InternalTask> {
  nextId += 1;
  const owner = options.owner === undefined ? user('customer') : options.owner;
  const task: InternalTask = {
    id: nextId,
    user_id: owner?.id ?? null,
    status: options.status ?? 'open_for_bids',
    type: options.type ?? 'moving',
    max_bids: options.maxBids ?? null,
  };
  bids.fakeTasks.tasks.set(task.id, task);
  if (options.withoutEvent) return task;
  await bids.publish(eventTypes.taskCreated, {
    taskId: task.id,
    userId: task.user_id,
    type: task.type,
    status: task.status,
    isGuest: task.user_id === null,
    fromPostalCode: '8000',
    fromCity: 'Aarhus C',
    toPostalCode: '1165',
    toCity: 'København K',
    maxBids: task.max_bids,
    createdBy: task.user_id,
  } satisfies EventPayload<typeof eventTypes.taskCreated>);
  await waitFor(() => bids.db('task_projection').where({ task_id: task.id }).first());
  return task;
}

/** svc-tasks changing a task's status: its event on the bus, awaited in svc-bids. */
export async function changeTaskStatus(
  bids: StartedBids,
  task: InternalTask,
  to: TaskStatus,
  options: { assignedCarrierId?: number | null; occurredAt?: Date } = {},
): Promise<void> {
  const from = task.status;
  task.status = to;
  await bids.publish(
    eventTypes.taskStatusChanged,
    {
      taskId: task.id,
      userId: task.user_id,
      type: task.type,
      from,
      to,
      assignedCarrierId: options.assignedCarrierId ?? null,
      changedBy: null,
    } satisfies EventPayload<typeof eventTypes.taskStatusChanged>,
    options.occurredAt,
  );
  await waitFor(async () => (await bids.db('task_projection').where({ task_id: task.id }).first())?.status === to);
}

/** A bid body: price in DKK, default validity. */
export const bidBody = (taskId: number, price: unknown = 1000, extra: Record<string, unknown> = {}) => ({ taskId, price, ...extra });

/** Every key anywhere in a JSON value, lower-cased. */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key.toLowerCase(), ...keysOf(inner)]);
  }
  return [];
}
