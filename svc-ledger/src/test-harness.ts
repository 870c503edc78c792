/**
 * Starts the real svc-ledger in-process on port 0 over createTestInfra() (PGlite + in-process bus, or
 * PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway
 * does — a signed internal token on every request — or the way another service does (a token naming it).
 */
import { randomBytes } from 'node:crypto';
import { eventTypes, quote, type PaymentSucceededPayload, type TaskStatus } from '@fragtbud/contracts';
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
  observeEvents,
  outboxEnvelopes,
  testEnvelope,
} from '@fragtbud/platform';
import type { Knex } from 'knex';
import { loadLedgerConfig, type LedgerConfig } from './config';
import { ledgerService } from './service';

export type CallOptions = TestCallOptions;

export interface StartedLedger {
  url: string;
  config: LedgerConfig;
  infra: TestInfra;
  db: Knex;
  /** Every ledger.* event seen on the bus, in arrival order. */
  published: EventEnvelope[];
  /** The events the service's own writes recorded in its outbox (committed with the write: exact after a 2xx). */
  outboxEvents(type?: string): Promise<EventEnvelope<Record<string, unknown>>[]>;
  call: TestClient['call'];
  close(): Promise<void>;
}

export async function startLedger(): Promise<StartedLedger> {
  const infra = await createTestInfra('ledger');
  let published: EventEnvelope[] = [];
  let running: RunningService<LedgerConfig> | undefined;
  try {
    published = await observeEvents(infra, ['ledger.>']);
    const config = loadLedgerConfig({ ...infra.env, INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex') });
    running = await createService(ledgerService, { config, database: infra.database, bus: infra.bus, logger: infra.logger });
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
    db: infra.database.knex,
    published,
    outboxEvents: (type) => outboxEnvelopes(infra.database.knex, type),
    call,
    close: async () => {
      await service.close();
      await infra.close();
    },
  };
}


/** A caller as the gateway would vouch for it; each call is a new user. */
export const user = testCaller;

/** The event of that type matching `where`, once it has come through the bus. */
export async function publishedEvent(
  ledger: StartedLedger,
  type: string,
  where: (data: Record<string, unknown>) => boolean = () => true,
): Promise<EventEnvelope<Record<string, unknown>>> {
  return waitFor(() => {
    const event = ledger.published.find((e) => e.type === type && where(e.data as Record<string, unknown>));
    if (!event) throw new Error(`${type} not published`);
    return event as EventEnvelope<Record<string, unknown>>;
  });
}

// ---- money fixtures: payments and task statuses as svc-payments and svc-tasks announce them ----

let nextFixtureId = 700_000 + Math.floor(Math.random() * 100_000);

/** A succeeded payment of a task for `carrierId`, quoted at `netOre` with the default fees (25 % VAT, 10 % carrier fee). */
export function paymentOf(options: { carrierId: number; customerId: number; netOre: number; taskId?: number }): PaymentSucceededPayload {
  const id = nextFixtureId++;
  const settings = { feePercentage: 10, fixedFeeOre: 2_000, vatPercentage: 25, minFeeOre: 3_000 };
  const carrierFee = { feePercentage: 10, fixedFeeOre: 0 };
  const q = quote({ netOre: options.netOre, settings, carrierFee });
  return {
    paymentId: id,
    taskId: options.taskId ?? id,
    bidId: id,
    customerId: options.customerId,
    carrierId: options.carrierId,
    amountOre: q.totalOre,
    currency: 'DKK',
    provider: 'mock',
    providerPaymentId: `mock_pi_${id}`,
    snapshot: { quote: q, vatPercentage: 25, carrierFee, carrierListId: null },
    succeededAt: new Date().toISOString(),
  };
}

export const envelopeOf = (type: string, data: object): EventEnvelope => testEnvelope(type, data);

/**
 * identity.user.updated saying whether the user saved bank details (profile 'Bank'); waits until the ledger knows.
 * A carrier's payout request needs them.
 */
export async function bankDetailsEvent(ledger: StartedLedger, userId: number, hasBankDetails = true): Promise<void> {
  const event = envelopeOf(eventTypes.userUpdated, { userId, name: `Bruger ${userId}`, email: `u${userId}@example.dk`, company: null, hasBankDetails });
  await ledger.infra.bus.publish(event);
  await waitFor(() =>
    ledger.db('user_bank_details').where({ user_id: userId, has_bank_details: hasBankDetails }).where('updated_at', '>=', new Date(event.occurredAt)).first(),
  );
}

/** Publishes the payment and waits until the ledger has booked it. */
export async function bookPaymentEvent(ledger: StartedLedger, payment: PaymentSucceededPayload): Promise<void> {
  await ledger.infra.bus.publish(envelopeOf(eventTypes.paymentSucceeded, payment));
  await waitFor(() => ledger.db('ledger_transactions').where({ payment_id: payment.paymentId }).first());
}

/** Publishes tasks.task.status_changed and waits until the ledger knows the new status. */
export async function taskStatusEvent(
  ledger: StartedLedger,
  payment: Pick<PaymentSucceededPayload, 'taskId' | 'customerId' | 'carrierId'>,
  to: TaskStatus,
  cities?: { fromCity: string | null; toCity: string | null },
): Promise<void> {
  await ledger.infra.bus.publish(
    envelopeOf(eventTypes.taskStatusChanged, {
      taskId: payment.taskId,
      userId: payment.customerId,
      type: 'moving',
      from: 'delivered',
      to,
      assignedCarrierId: payment.carrierId,
      changedBy: null,
      ...cities,
    }),
  );
  await waitFor(() => ledger.db('ledger_tasks').where({ task_id: payment.taskId, status: to }).first());
}
