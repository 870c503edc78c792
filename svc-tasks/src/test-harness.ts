/**
 * Starts the real svc-tasks in-process on port 0 over createTestInfra() (PGlite + in-process bus, or PostgreSQL +
 * NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway does: a signed
 * internal token on every request, vouching for the caller (or for nobody: anonymous).
 */
import { randomBytes } from 'node:crypto';
import { eventTypes } from '@fragtbud/contracts';
import {
  createService,
  createTestClient,
  createTestInfra,
  type EventEnvelope,
  type RunningService,
  type TestClient,
  type TestInfra,
  testCaller,
  waitFor,
  outboxEnvelopes,
  testEnvelope,
} from '@fragtbud/platform';
import type { Knex } from 'knex';
import { loadTasksConfig, type TasksConfig } from './config';
import { createTasksService } from './service';
import { createMemoryStorage } from './uploads/storage';

export interface StartedTasks {
  url: string;
  config: TasksConfig;
  infra: TestInfra;
  db: Knex;
  /** The in-memory file store behind uploads (tests put files in it directly). */
  storage: ReturnType<typeof createMemoryStorage>;
  call: TestClient['call'];
  /** Events the service wrote to its outbox, oldest first (optionally of one type). */
  outboxEvents(type?: string): Promise<EventEnvelope[]>;
  /** Publishes an event on the bus as another service would. */
  publish(type: string, data: object): Promise<EventEnvelope>;
  close(): Promise<void>;
}

/** `env` overrides config keys; the browse cache is off unless asked for (tests change rows behind the service's back). */
export async function startTasks(env: Record<string, string> = {}): Promise<StartedTasks> {
  const infra = await createTestInfra('tasks');
  const config = loadTasksConfig({ ...infra.env, INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'), BROWSE_CACHE_MS: '0', ...env });
  let running: RunningService<TasksConfig>;
  const storage = createMemoryStorage();
  try {
    running = await createService(createTasksService({ storage, geoProvider: null }), {
      config,
      database: infra.database,
      bus: infra.bus,
      logger: infra.logger,
    });
  } catch (error) {
    await infra.close();
    throw error;
  }
  const { url } = await running.listen(0);
  const db = infra.database.knex;
  const { call } = createTestClient({ url, secret: config.INTERNAL_TOKEN_SECRET });

  return {
    url,
    config,
    infra,
    db,
    storage,
    call,
    outboxEvents: (type) => outboxEnvelopes(db, type),
    async publish(type, data) {
      const envelope = testEnvelope(type, data);
      await infra.bus.publish(envelope);
      return envelope;
    },
    async close() {
      await running.close();
      await infra.close();
    },
  };
}


/** A caller as the gateway would vouch for it; each call is a new user. */
export const user = testCaller;

/** Valid details for every task type. */
export const validDetails = {
  moving: { apartmentSize: 'medium', numberOfRooms: 3, contactPhone: '+45 20 30 40 50', floorFrom: 2, parkingDistanceFrom: 25 },
  courier: { packageSize: 'small', packageWeight: 2.5 },
  package: { packageType: 'box', numberOfItems: 4, totalWeight: 40 },
  furniture: { furnitureType: 'sofa', numberOfItems: 1 },
  fullload: { truckType: 'trailer', volume: 80, weight: 12000 },
} as const;

/** A valid create body of the type, with addresses in Aarhus and Copenhagen unless overridden. */
export function taskBody(type: keyof typeof validDetails = 'moving', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type,
    from_address: 'Vestergade 12, 8000 Aarhus C',
    to_address: 'Nørregade 5, 1165 København K',
    description: 'Beskrivelse af opgaven',
    details: validDetails[type],
    preferred_pickup_date: '2099-08-01',
    preferred_delivery_date: '2099-08-02',
    time_frame_start: '08:00',
    time_frame_end: '16:00',
    is_flexible: false,
    contact_email: 'kontakt@example.dk',
    contact_phone: '12345678',
    ...overrides,
  };
}

/** Publishes bids.bid.accepted as svc-bids does and waits until the task is assigned to that carrier. */
export async function assignByAcceptance(
  tasks: StartedTasks,
  { taskId, carrierId, customerId, bidId }: { taskId: number; carrierId: number; customerId: number; bidId: number },
): Promise<void> {
  await tasks.publish(eventTypes.bidAccepted, {
    bidId,
    taskId,
    carrierId,
    customerId,
    netOre: 100_000,
    totalOre: 140_000,
    acceptedBy: customerId,
    rejectedBidIds: [],
  });
  await waitFor(async () => (await tasks.db('tasks').where({ id: taskId }).first())?.status === 'assigned');
}
