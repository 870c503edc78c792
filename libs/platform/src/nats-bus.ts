import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  StorageType,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { EventBus, EventBusOptions, EventEnvelope, SubscribeOptions, Subscription } from './event-bus';
import type { Logger } from './logger';
import { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy';
import { producerOf, subjectMatches } from './subject';

export interface NatsBusOptions extends EventBusOptions {
  url: string;
  /** Connection name shown by the NATS server. */
  name?: string;
}

/** JetStream: one stream per producing service (`identity.>` → IDENTITY), durable pull consumers, explicit ack. */
export async function createNatsBus({ url, name, namespace, logger, retry = defaultRetryPolicy }: NatsBusOptions): Promise<EventBus> {
  const log = logger.child({ component: 'nats-bus' });
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  const connection = watchConnection(nc, log);
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const naming = streamNaming(namespace);
  const streams = new StreamRegistry(jsm, naming, log);
  const subscriptions = new Set<NatsSubscription>();

  return {
    kind: 'nats',

    async publish(envelope: EventEnvelope) {
      const producer = producerOf(envelope.type);
      await streams.ensure(producer);
      try {
        await js.publish(naming.subject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
      } catch (error) {
        // The stream may have been deleted or the server replaced: check it again on the next try.
        streams.forget(producer);
        throw error;
      }
    },

    async subscribe({ durable, subjects, handler }: SubscribeOptions): Promise<Subscription> {
      const consumers = await Promise.all(
        groupByProducer(subjects).map(async ([producer, producerSubjects]) => {
          await streams.ensure(producer);
          const stream = naming.stream(producer);
          const filter = await ensureConsumer(jsm, stream, consumerName(durable), naming, producerSubjects);
          const messages = await (await js.consumers.get(stream, consumerName(durable))).consume({ max_messages: 100 });
          return new NatsSubscription(messages, filter, handler, retry, log.child({ durable, stream }));
        }),
      );
      consumers.forEach((consumer) => subscriptions.add(consumer));
      return {
        close: async () => {
          await Promise.all(consumers.map((consumer) => consumer.close()));
          consumers.forEach((consumer) => subscriptions.delete(consumer));
        },
      };
    },

    isConnected: () => connection.connected && !nc.isClosed(),

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.close()));
      subscriptions.clear();
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
}

export interface StreamNaming {
  subject(type: string): string;
  stream(producer: string): string;
}

export function streamNaming(namespace?: string): StreamNaming {
  return {
    subject: (type) => (namespace ? `${namespace}.${type}` : type),
    stream: (producer) => (namespace ? `${namespace}_${producer}` : producer).toUpperCase().replace(/[^A-Z0-9_-]/g, '_'),
  };
}

function watchConnection(nc: NatsConnection, log: Logger): { connected: boolean } {
  const state = { connected: true };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        state.connected = false;
        log.warn({ server: status.server }, 'NATS disconnected');
      } else if (status.type === 'reconnect') {
        state.connected = true;
        log.info({ server: status.server }, 'NATS reconnected');
      }
    }
  })();
  return state;
}

/** Creates each producer's stream once per bus, and again after a failure. */
class StreamRegistry {
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(
    private readonly jsm: JetStreamManager,
    private readonly naming: StreamNaming,
    private readonly log: Logger,
  ) {}

  ensure(producer: string): Promise<void> {
    let ensured = this.ensured.get(producer);
    if (!ensured) {
      ensured = this.createOrUpdate(producer).catch((error: unknown) => {
        this.ensured.delete(producer);
        throw error;
      });
      this.ensured.set(producer, ensured);
    }
    return ensured;
  }

  forget(producer: string): void {
    this.ensured.delete(producer);
  }

  private async createOrUpdate(producer: string): Promise<void> {
    const name = this.naming.stream(producer);
    const subjects = [this.naming.subject(`${producer}.>`)];
    try {
      const info = await this.jsm.streams.info(name);
      if (info.config.subjects?.join() !== subjects.join()) await this.jsm.streams.update(name, { ...info.config, subjects });
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
      await this.jsm.streams.add({
        name,
        subjects,
        storage: StorageType.File,
        duplicate_window: nanos(120_000),
      });
      this.log.info({ stream: name, subjects }, 'created stream');
    }
  }
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/** Consumer names may not contain dots or wildcards. */
function consumerName(durable: string): string {
  return durable.replace(/[^A-Za-z0-9_-]/g, '_');
}

function groupByProducer(subjects: string[]): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const subject of subjects) {
    const producer = producerOf(subject);
    groups.set(producer, [...(groups.get(producer) ?? []), subject]);
  }
  return [...groups];
}

/**
 * A consumer filters on one subject server-side. For several subjects of one stream it takes the whole stream
 * and skips the rest here (NATS 2.9 has no `filter_subjects`); returns that client-side filter, if any.
 */
async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  durable: string,
  naming: StreamNaming,
  subjects: string[],
): Promise<string[] | undefined> {
  const filterSubject = subjects.length === 1 ? naming.subject(subjects[0] as string) : '';
  try {
    const info = await jsm.consumers.info(stream, durable);
    if ((info.config.filter_subject ?? '') !== filterSubject) {
      await jsm.consumers.update(stream, durable, { filter_subject: filterSubject });
    }
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_deliver: -1,
      ...(filterSubject ? { filter_subject: filterSubject } : {}),
    });
  }
  return filterSubject ? undefined : subjects.map((subject) => naming.subject(subject));
}

/** Handles one stream's messages in order; a failed handler naks with a back-off so the message comes back. */
class NatsSubscription {
  private readonly loop: Promise<void>;

  constructor(
    private readonly messages: ConsumerMessages,
    private readonly filter: string[] | undefined,
    private readonly handler: SubscribeOptions['handler'],
    private readonly retry: RetryPolicy,
    private readonly log: Logger,
  ) {
    this.loop = this.run();
  }

  async close(): Promise<void> {
    await this.messages.close();
    await this.loop;
  }

  private async run(): Promise<void> {
    for await (const message of this.messages) await this.deliver(message);
  }

  private async deliver(message: JsMsg): Promise<void> {
    if (this.filter && !this.filter.some((pattern) => subjectMatches(pattern, message.subject))) {
      message.ack();
      return;
    }
    let envelope: EventEnvelope;
    try {
      envelope = message.json<EventEnvelope>();
    } catch (error) {
      this.log.error({ err: error, subject: message.subject }, 'dropping a message that is not JSON');
      message.term();
      return;
    }
    try {
      await this.handler(envelope);
      message.ack();
    } catch (error) {
      const attempt = message.info.deliveryCount;
      const delayMs = retryDelay(attempt, this.retry);
      this.log.warn({ err: error, eventId: envelope.id, type: envelope.type, attempt, delayMs }, 'event handler failed; redelivering');
      message.nak(delayMs);
    }
  }
}
