/**
 * Starts the real svc-chat in-process on port 0 over createTestInfra() (PGlite + in-process bus, or PostgreSQL +
 * NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway does — a signed
 * internal token on every request. svc-tasks and svc-identity are played by the test: their events go on the bus.
 */
import { randomBytes } from 'node:crypto';
import {
  eventTypes,
  notificationListSchema,
  type AuthUser,
  type EventPayload,
  type NotificationJson,
  type TaskStatus,
} from '@fragtbud/contracts';
import {
  createService,
  createTestClient,
  createTestInfra,
  waitFor,
  type EventEnvelope,
  type RunningService,
  type TestCallOptions,
  type TestClient,
  type TestInfra,
  testCaller,
  testEnvelope,
} from '@fragtbud/platform';
import type { Knex } from 'knex';
import { loadChatConfig, type ChatConfig } from './config';
import type { ChatContext } from './context';
import { chatService, contextOf } from './service';

export type CallOptions = TestCallOptions;

export interface StartedChat {
  url: string;
  config: ChatConfig;
  infra: TestInfra;
  service: RunningService<ChatConfig>;
  /** The context the service's features run with (for calling a handler directly). */
  context: ChatContext;
  db: Knex;
  call: TestClient['call'];
  /** Puts an event on the bus as its producing service would (a new envelope id unless `envelope` is given). */
  publish(type: string, data: object): Promise<EventEnvelope>;
  publishEnvelope(envelope: EventEnvelope): Promise<void>;
  close(): Promise<void>;
}

export async function startChat(extraEnv: Record<string, string> = {}): Promise<StartedChat> {
  const infra = await createTestInfra('chat');
  let running: RunningService<ChatConfig>;
  try {
    const config = loadChatConfig({ ...infra.env, INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'), ...extraEnv });
    running = await createService(chatService, { config, database: infra.database, bus: infra.bus, logger: infra.logger });
  } catch (error) {
    await infra.close();
    throw error;
  }
  const service = running;
  const { config } = service.deps;
  const { url } = await service.listen(0);
  const { call } = createTestClient({ url, secret: config.INTERNAL_TOKEN_SECRET });

  return {
    url,
    config,
    infra,
    service,
    context: contextOf(service.deps),
    db: infra.database.knex,
    call,
    async publish(type, data) {
      const envelope = testEnvelope(type, data);
      await infra.bus.publish(envelope);
      return envelope;
    },
    publishEnvelope: (envelope) => infra.bus.publish(envelope),
    close: async () => {
      await service.close();
      await infra.close();
    },
  };
}

let nextTaskId = 9_000;

/** A caller as the gateway would vouch for it; each call is a new user. */
export const user = testCaller;

export const newTaskId = () => (nextTaskId += 1);

export type StatusChange = EventPayload<typeof eventTypes.taskStatusChanged>;

/** svc-tasks announcing a status change (as its changeStatus / assignOnAcceptance write it to the outbox). */
export function statusChange(
  taskId: number,
  ownerId: number | null,
  from: TaskStatus,
  to: TaskStatus,
  extra: Partial<StatusChange> = {},
): StatusChange {
  return { taskId, userId: ownerId, type: 'moving', from, to, assignedCarrierId: null, changedBy: null, ...extra };
}

export type TaskCreated = EventPayload<typeof eventTypes.taskCreated>;

/** svc-tasks announcing a new task (as createTask writes it): a move from Aarhus C to København K unless told otherwise. */
export function taskCreated(taskId: number, ownerId: number | null, extra: Partial<TaskCreated> = {}): TaskCreated {
  return {
    taskId,
    userId: ownerId,
    type: 'moving',
    status: 'open_for_bids',
    isGuest: ownerId === null,
    fromPostalCode: '8000',
    fromCity: 'Aarhus C',
    toPostalCode: '1165',
    toCity: 'København K',
    maxBids: null,
    createdBy: ownerId,
    ...extra,
  };
}

export type BidPlaced = EventPayload<typeof eventTypes.bidPlaced>;

/** svc-bids announcing a placed bid: the first of five slots taken unless told otherwise. */
export function bidPlaced(taskId: number, customerId: number | null, carrierId: number, bidId: number, extra: Partial<BidPlaced> = {}): BidPlaced {
  return {
    bidId,
    taskId,
    carrierId,
    customerId,
    netOre: 100_000,
    totalOre: 130_000,
    validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    carrierListId: null,
    maxBids: 5,
    activeBidCount: 1,
    ...extra,
  };
}

/** The customer chose the carrier's bid (bids.bid.accepted as svc-bids writes it). */
export function bidAccepted(taskId: number, customerId: number, carrierId: number, bidId: number): EventPayload<typeof eventTypes.bidAccepted> {
  const { netOre, totalOre } = bidPlaced(taskId, customerId, carrierId, bidId);
  return { bidId, taskId, carrierId, customerId, netOre, totalOre, acceptedBy: customerId, rejectedBidIds: [] };
}

/** The carrier's bid fell: the customer rejected it, or chose another (bids.bid.rejected). */
export function bidRejected(
  taskId: number,
  customerId: number,
  carrierId: number,
  bidId: number,
  reason: 'rejected' | 'other_bid_accepted',
): EventPayload<typeof eventTypes.bidRejected> {
  return { bidId, taskId, carrierId, customerId, totalOre: 140_000, reason, rejectedBy: reason === 'rejected' ? customerId : null };
}

/** The chat_tasks row once `check` holds for it (the task facts are a durable of their own). */
export async function projectedTaskWhen(chat: StartedChat, taskId: number, check: (row: Record<string, unknown>) => boolean) {
  return waitFor(async () => {
    const row = await chat.db('chat_tasks').where({ task_id: taskId }).first();
    return row && check(row) ? row : undefined;
  });
}

/** The notification rows of a user, oldest first, straight from the table. */
export const rowsOf = (chat: StartedChat, userId: number) =>
  chat.db('notifications').where({ user_id: userId }).orderBy('id', 'asc');

/** The user's notification rows once there are `count` of them (oldest first). */
export async function rowsWhen(chat: StartedChat, userId: number, count: number) {
  return waitFor(async () => {
    const rows = await rowsOf(chat, userId);
    if (rows.length !== count) throw new Error(`user ${userId} has ${rows.length} notifications, not ${count}`);
    return rows;
  });
}

/** GET /notifications as `caller` (query string as given), parsed by the contract. */
export async function notificationsOf(chat: StartedChat, caller: AuthUser, query = ''): Promise<NotificationJson[]> {
  const reply = await chat.call('GET', `/notifications${query}`, { as: caller });
  if (reply.status !== 200) throw new Error(`GET /notifications answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return notificationListSchema.parse(reply.body).items;
}

/**
 * Publishes a marker status change for a throw-away task and waits until its notification exists: every event the
 * consumer had before it has been handled by then (one durable, in order) — so "nothing was created" is a fact.
 */
export async function drain(chat: StartedChat): Promise<void> {
  const owner = user('customer');
  const event = await chat.publish(eventTypes.taskStatusChanged, statusChange(newTaskId(), owner.id, 'open_for_bids', 'cancelled'));
  await waitFor(() => chat.db('notifications').where({ source_event_id: event.id }).first());
}
