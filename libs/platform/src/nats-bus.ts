import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  StorageType,
  type Consumer,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  deadLetterProducer,
  defaultMaxDeliver,
  type BusStatus,
  type ConsumerStatus,
  type DeadLetter,
  type EventBus,
  type EventBusOptions,
  type EventEnvelope,
  type SubscribeOptions,
  type Subscription,
  type TailOptions,
} from './event-bus';
import type { Logger } from './logger';
import { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy';
import { producerOf, subjectMatches } from './subject';

export interface NatsBusOptions extends EventBusOptions {
  url: string;
  /** Connection name shown by the NATS server. */
  name?: string;
  /** How often streams and consumers are checked (a server that lost its store has neither). */
  checkIntervalMs?: number;
  /** Wait between attempts while the first connection cannot be made. */
  connectRetryMs?: number;
  /**
   * Copies of every stream the bus creates (JetStream `num_replicas`): 1 on a single server, 3 on a three-node
   * cluster so losing one server loses no event and stops no publisher. An existing stream is raised or lowered to it.
   */
  streamReplicas?: number;
  /** Events older than this leave the streams (JetStream `max_age`); unset: kept until deleted (the disk fills). */
  streamMaxAgeMs?: number;
}

/** The live connection; replaced only by a first connect, NATS itself reconnects it afterwards. */
interface Link {
  nc: NatsConnection;
  jsm: JetStreamManager;
  js: JetStreamClient;
}

/**
 * JetStream: one stream per producing service (`identity.>` → IDENTITY), durable pull consumers, explicit ack.
 * Never needs NATS to start: it connects in the background and keeps trying; consumers are (re)ensured on every
 * (re)connect and checked periodically, so a server that lost its store gets its streams and consumers back.
 */
export async function createNatsBus({
  url,
  name,
  namespace,
  logger,
  retry = defaultRetryPolicy,
  maxDeliver = defaultMaxDeliver,
  checkIntervalMs = 5_000,
  connectRetryMs = 1_000,
  streamReplicas = 1,
  streamMaxAgeMs,
}: NatsBusOptions): Promise<EventBus> {
  const log = logger.child({ component: 'nats-bus' });
  const naming = streamNaming(namespace);
  const tails = new Set<{ close(): Promise<void> }>();
  const consumers = new Set<NatsConsumer>();
  const listeners = new Set<() => void>();
  let link: Link | undefined;
  let connected = false;
  let closed = false;
  let streams: StreamRegistry | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;

  const deadLetterSink = async (letter: DeadLetter) => {
    const current = requireLink();
    await ensureStream(deadLetterProducer);
    await current.js.publish(naming.subject(`${deadLetterProducer}.${consumerName(letter.durable)}`), JSON.stringify(letter));
  };

  function isConnected(): boolean {
    return connected && !closed && link !== undefined && !link.nc.isClosed();
  }

  function requireLink(): Link {
    if (!link || !connected || link.nc.isClosed()) throw new Error('NATS is not connected');
    return link;
  }

  function ensureStream(producer: string): Promise<string> {
    requireLink();
    return (streams as StreamRegistry).ensure(producer);
  }

  /** Streams and consumers again (after a (re)connect or on the periodic check); one run at a time. */
  function sync(): Promise<void> {
    syncing ??= (async () => {
      try {
        // Look at the server again: a lost store has neither streams nor consumers.
        streams?.forgetAll();
        await Promise.all([...consumers].map((consumer) => consumer.ensure()));
      } finally {
        syncing = undefined;
      }
    })();
    return syncing;
  }

  /**
   * After a (re)connect: streams and consumers again (a periodic check under way is waited for, then a fresh run),
   * retried every half second while it fails (JetStream starting up); then the listeners (the relay) hear of it.
   */
  async function resync(): Promise<void> {
    for (let attempt = 1; connected && !closed; attempt++) {
      try {
        await syncing?.catch(() => undefined);
        await sync();
        listeners.forEach((listener) => listener());
        return;
      } catch (error) {
        if (attempt === 1 || attempt % 20 === 0) log.warn({ err: error, attempt }, 'ensuring streams and consumers after connecting failed; retrying');
        await sleep(500);
      }
    }
  }

  async function attach(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc);
    link = { nc, jsm, js: jetstream(nc) };
    streams = new StreamRegistry(jsm, naming, log, { replicas: streamReplicas, maxAge: streamMaxAgeMs ? nanos(streamMaxAgeMs) : 0 });
    connected = true;
    watchStatus(nc);
    log.info({ url }, 'NATS connected');
    await resync();
    checkTimer = setInterval(() => {
      if (connected) void sync().catch((error: unknown) => log.warn({ err: error }, 'checking consumers failed'));
    }, checkIntervalMs);
    checkTimer.unref();
  }

  function watchStatus(nc: NatsConnection): void {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          connected = false;
          log.warn({ server: status.server }, 'NATS disconnected');
        } else if (status.type === 'reconnect') {
          connected = true;
          log.info({ server: status.server }, 'NATS reconnected');
          void resync();
        }
      }
    })();
  }

  async function tryConnect(): Promise<NatsConnection | undefined> {
    try {
      // `nats://a:4222,nats://b:4222`: a cluster; the client moves to a surviving server.
      const servers = url.split(',').map((server) => server.trim()).filter(Boolean);
      return await connect({ servers, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
    } catch (error) {
      log.warn({ err: error, url }, 'NATS not reachable; serving without events and trying again');
      return undefined;
    }
  }

  /** First connect: tried once now, then in the background until it works or the bus is closed. */
  let connecting: Promise<void> | undefined = (async () => {
    for (let first = true; !closed; first = false) {
      if (!first) await new Promise((resolve) => setTimeout(resolve, connectRetryMs));
      if (closed) return;
      const nc = await tryConnect();
      if (!nc) continue;
      if (closed) {
        await nc.close();
        return;
      }
      await attach(nc);
      return;
    }
  })().finally(() => {
    connecting = undefined;
  });
  // Starting does not wait for NATS beyond the first attempt.
  await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);

  return {
    kind: 'nats',

    async publish(envelope: EventEnvelope) {
      const producer = producerOf(envelope.type);
      const current = requireLink();
      await ensureStream(producer);
      try {
        await current.js.publish(naming.subject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
      } catch (error) {
        // The stream may have been deleted or the server replaced: check it again on the next try.
        streams?.forget(producer);
        throw error;
      }
    },

    async subscribe({ durable, subjects, handler }: SubscribeOptions): Promise<Subscription> {
      const created = groupByProducer(subjects).map(
        ([producer, producerSubjects]) =>
          new NatsConsumer({
            durable,
            producer,
            subjects: producerSubjects,
            handler,
            retry,
            maxDeliver,
            naming,
            link: () => (connected && link && !link.nc.isClosed() ? link : undefined),
            ensureStream,
            deadLetter: deadLetterSink,
            log: log.child({ durable, stream: naming.stream(producer) }),
          }),
      );
      created.forEach((consumer) => consumers.add(consumer));
      // A JetStream API call that times out here (a cluster electing leaders, a loaded server) is what NATS being
      // away is: the consumer is registered, and the periodic check and every reconnect ensure it again. Thrown, it
      // ended the starting service (an uncaught exception in main) on a three-node cluster under load.
      if (connected) {
        await Promise.all(created.map((consumer) => consumer.ensure())).catch((error: unknown) =>
          log.warn({ err: error, durable }, 'ensuring a new consumer failed; the periodic check tries again'),
        );
      }
      return {
        close: async () => {
          created.forEach((consumer) => consumers.delete(consumer));
          await Promise.all(created.map((consumer) => consumer.close()));
        },
      };
    },

    /**
     * An ordered, ephemeral consumer per replica and producer (every replica sees every event, unlike a shared
     * durable). It is opened again — from the stream sequence after the last event handled, so nothing in between is
     * missed — after every (re)connect, and whenever it goes silent while the connection stays up: the server hosting
     * it (an ordered consumer lives on one of the stream's servers) died, or it was deleted. Only a stream that
     * was replaced (a store loss) leaves a gap, which the browser's resync covers.
     */
    async tail({ subjects, handler }: TailOptions): Promise<Subscription> {
      const created = groupByProducer(subjects).map(
        ([producer, producerSubjects]) =>
          new NatsTail({
            producer,
            subjects: producerSubjects,
            handler,
            naming,
            link: () => (connected && link && !link.nc.isClosed() ? link : undefined),
            ensureStream,
            log: log.child({ tail: producer }),
          }),
      );
      // A JetStream call that fails or times out here (a loaded cluster) must not end the starting process (it ended a
      // gateway in the multi-host test): the tail is opened again in the background until it is open.
      if (isConnected()) await Promise.all(created.map((tail) => tail.reopen('opened')));
      else created.forEach((tail) => void tail.reopen('opened'));
      const reopen = () => created.forEach((tail) => void tail.reopen('NATS reconnected'));
      listeners.add(reopen);
      const subscription = {
        close: async () => {
          listeners.delete(reopen);
          tails.delete(subscription);
          await Promise.all(created.map((tail) => tail.close()));
        },
      };
      tails.add(subscription);
      return subscription;
    },

    isConnected,

    status(): BusStatus {
      const up = isConnected();
      return { connected: up, consumers: [...consumers].map((consumer) => consumer.status(up)) };
    },

    onConnected(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async storeIdentity(producer: string) {
      const current = requireLink();
      await ensureStream(producer);
      const info = await current.jsm.streams.info(naming.stream(producer));
      return info.created;
    },

    async close() {
      closed = true;
      clearInterval(checkTimer);
      await connecting;
      await Promise.all([...tails].map((tail) => tail.close()));
      await Promise.all([...consumers].map((consumer) => consumer.close()));
      consumers.clear();
      listeners.clear();
      connected = false;
      if (link && !link.nc.isClosed()) await link.nc.drain().catch(() => link?.nc.close());
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

/** Creates each producer's stream once per connection, and again after a failure; remembers its creation time. */
class StreamRegistry {
  private readonly ensured = new Map<string, Promise<string>>();

  constructor(
    private readonly jsm: JetStreamManager,
    private readonly naming: StreamNaming,
    private readonly log: Logger,
    /** num_replicas and max_age (nanoseconds, 0 = no limit) every stream is created with and kept at. */
    private readonly limits: { replicas: number; maxAge: number },
  ) {}

  ensure(producer: string): Promise<string> {
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

  forgetAll(): void {
    this.ensured.clear();
  }

  private async createOrUpdate(producer: string): Promise<string> {
    const name = this.naming.stream(producer);
    const subjects = [this.naming.subject(`${producer}.>`)];
    try {
      const info = await this.jsm.streams.info(name);
      const { replicas, maxAge } = this.limits;
      if (info.config.subjects?.join() !== subjects.join() || info.config.num_replicas !== replicas || info.config.max_age !== maxAge) {
        await this.jsm.streams.update(name, { ...info.config, subjects, num_replicas: replicas, max_age: maxAge });
      }
      return info.created;
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
      const info = await this.jsm.streams.add({
        name,
        subjects,
        storage: StorageType.File,
        num_replicas: this.limits.replicas,
        max_age: this.limits.maxAge,
        duplicate_window: nanos(120_000),
      });
      this.log.info({ stream: name, subjects, ...this.limits }, 'created stream');
      return info.created;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

interface NatsConsumerOptions {
  durable: string;
  producer: string;
  subjects: string[];
  handler: SubscribeOptions['handler'];
  retry: RetryPolicy;
  maxDeliver: number;
  naming: StreamNaming;
  link: () => Link | undefined;
  ensureStream: (producer: string) => Promise<string>;
  deadLetter: (letter: DeadLetter) => Promise<void>;
  log: Logger;
}

/** A pull lasts at most this long, so after a reconnect or a recreated consumer delivery resumes within it. */
const pullExpiresMs = 1_000;

/**
 * How long JetStream waits for the ack of a delivered event before it delivers it again (to any replica). An event
 * delivered by a consumer leader that then died, or taken by a replica that died, comes back only after it: at 30 s
 * (JetStream's default) the multi-host test once found the projections consistent only 13.5 s after a killed NATS
 * server had returned (the limit is 10 s). Handlers
 * are one short transaction; one that takes longer than this gets the event again on another replica, where the
 * inbox makes it a no-op.
 */
const ackWaitMs = 10_000;

/**
 * One durable on one stream: ensures the consumer exists (creating it again after a store loss), runs the delivery
 * loop, and gives up an event after `maxDeliver` failed deliveries (dead-letter subject, then term).
 */
class NatsConsumer {
  private loop: Promise<void> | undefined;
  private stopping = false;
  private lastDeliveryAt: Date | undefined;
  /** The last pull got an answer (the consumer exists and the connection works). */
  private pulling = false;
  private lag: number | null = null;
  private deadLetters = 0;
  /** Client-side filter when the consumer takes the whole stream (several subjects of one producer). */
  private readonly filter: string[] | undefined;
  private readonly filterSubject: string;
  private readonly name: string;
  private readonly stream: string;

  constructor(private readonly options: NatsConsumerOptions) {
    const { naming, subjects, durable, producer } = options;
    // NATS 2.9 has no `filter_subjects`: one subject is filtered on the server, several here.
    this.filterSubject = subjects.length === 1 ? naming.subject(subjects[0] as string) : '';
    this.filter = this.filterSubject ? undefined : subjects.map((subject) => naming.subject(subject));
    this.name = consumerName(durable);
    this.stream = naming.stream(producer);
  }

  status(connected: boolean): ConsumerStatus {
    return {
      durable: this.options.durable,
      source: this.stream,
      consuming: connected && this.loop !== undefined && this.pulling,
      lag: this.lag,
      lastDeliveryAt: this.lastDeliveryAt?.toISOString() ?? null,
      deadLetters: this.deadLetters,
    };
  }

  /** Stream and consumer exist (recreated after a store loss) and the delivery loop runs. */
  async ensure(): Promise<void> {
    const link = this.options.link();
    if (!link || this.stopping) return;
    await this.options.ensureStream(this.options.producer);
    this.lag = await this.ensureConsumer(link.jsm);
    this.loop ??= this.run().finally(() => {
      this.loop = undefined;
    });
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.loop;
  }

  /**
   * Short pulls one after the other: each batch is handled completely before the next pull, so nothing is left
   * unacknowledged when the connection drops, the consumer is recreated or the bus closes.
   */
  private async run(): Promise<void> {
    let consumer: Consumer | undefined;
    while (!this.stopping) {
      const link = this.options.link();
      if (!link) {
        this.pulling = false;
        await sleep(200);
        continue;
      }
      try {
        consumer ??= await link.js.consumers.get(this.stream, this.name);
        const batch = await consumer.fetch({ max_messages: 100, expires: pullExpiresMs });
        this.pulling = true;
        for await (const message of batch) {
          if (this.stopping) message.nak();
          else await this.deliver(message);
        }
      } catch (error) {
        this.pulling = false;
        consumer = undefined;
        this.options.log.debug({ err: error }, 'pulling events failed; trying again');
        await sleep(200);
      }
    }
  }

  /** The server's limit leaves room for a dead letter that could not be published at the last delivery. */
  private serverMaxDeliver(): number {
    return this.options.maxDeliver + 5;
  }

  /** Returns the events waiting (pending + in flight). */
  private async ensureConsumer(jsm: JetStreamManager): Promise<number> {
    try {
      const info = await jsm.consumers.info(this.stream, this.name);
      if (
        (info.config.filter_subject ?? '') !== this.filterSubject ||
        info.config.max_deliver !== this.serverMaxDeliver() ||
        info.config.ack_wait !== nanos(ackWaitMs)
      ) {
        await jsm.consumers.update(this.stream, this.name, { filter_subject: this.filterSubject, max_deliver: this.serverMaxDeliver(), ack_wait: nanos(ackWaitMs) });
      }
      return info.num_pending + info.num_ack_pending;
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      const info = await jsm.consumers.add(this.stream, {
        durable_name: this.name,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(ackWaitMs),
        max_deliver: this.serverMaxDeliver(),
        ...(this.filterSubject ? { filter_subject: this.filterSubject } : {}),
      });
      this.options.log.warn({ consumer: this.name }, 'created consumer');
      return info.num_pending;
    }
  }

  private async deliver(message: JsMsg): Promise<void> {
    this.lastDeliveryAt = new Date();
    if (this.filter && !this.filter.some((pattern) => subjectMatches(pattern, message.subject))) {
      message.ack();
      return;
    }
    let envelope: EventEnvelope;
    try {
      envelope = message.json<EventEnvelope>();
    } catch (error) {
      this.options.log.error({ err: error, subject: message.subject }, 'dropping a message that is not JSON');
      message.term();
      return;
    }
    try {
      await this.options.handler(envelope);
      message.ack();
    } catch (error) {
      const attempt = message.info.deliveryCount;
      if (attempt >= this.options.maxDeliver) {
        await this.giveUp(message, envelope, error, attempt);
        return;
      }
      const delayMs = retryDelay(attempt, this.options.retry);
      this.options.log.warn({ err: error, eventId: envelope.id, type: envelope.type, attempt, delayMs }, 'event handler failed; redelivering');
      message.nak(delayMs);
    }
  }

  private async giveUp(message: JsMsg, event: EventEnvelope, error: unknown, deliveries: number): Promise<void> {
    const letter: DeadLetter = {
      durable: this.options.durable,
      event,
      error: error instanceof Error ? error.message : String(error),
      deliveries,
      failedAt: new Date().toISOString(),
    };
    try {
      await this.options.deadLetter(letter);
    } catch (publishError) {
      // Not recorded anywhere yet: let it come back rather than lose it.
      this.options.log.warn({ err: publishError, eventId: event.id }, 'dead letter could not be published; redelivering');
      message.nak(retryDelay(deliveries, this.options.retry));
      return;
    }
    this.deadLetters += 1;
    this.options.log.error({ err: error, eventId: event.id, type: event.type, deliveries }, 'event given up after the last delivery; sent to the dead letters');
    message.term();
  }
}

interface NatsTailOptions {
  producer: string;
  subjects: string[];
  handler: TailOptions['handler'];
  naming: StreamNaming;
  link: () => Link | undefined;
  ensureStream: (producer: string) => Promise<string>;
  log: Logger;
}

/**
 * A live tail's pulls: each lasts `expires`, and while one waits the server sends a heartbeat every `idleHeartbeat`;
 * two missed heartbeats (the consumer's server is gone though our connection is not) reopen the tail within ~4 s.
 * nats.js's defaults (30 s pulls, 15 s heartbeats, then a consumer info that waits for the dead server) left a
 * gateway without live events for minutes after the NATS server leading the streams was killed.
 */
const tailTiming = { expiresMs: 10_000, idleHeartbeatMs: 2_000, retryMs: 500, apiTimeoutMs: 2_000 };

/** Status events of a consume() after which the ordered consumer is opened again by us. */
const tailLostEvents = new Set(['heartbeats_missed', 'consumer_deleted', 'consumer_not_found', 'stream_not_found', 'no_responders']);

/**
 * One producer's stream tailed by an ordered consumer (no acks: the server keeps no durable state for it); handler
 * errors are only logged. Remembers the stream sequence after the last event handled, so a reopened consumer starts
 * there: nothing is missed and nothing handled twice (an event below it, from a consumer being replaced, is skipped).
 */
class NatsTail {
  private nextSeq: number | undefined;
  private streamCreated: string | undefined;
  private current: ConsumerMessages | undefined;
  private readonly loops = new Set<Promise<void>>();
  private stopped = false;
  private opening: Promise<void> | undefined;
  private openAgain: string | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  /** Client-side filter when the tail takes several subjects of the stream (NATS 2.9 filters on one). */
  private readonly filter: string[] | undefined;
  private readonly filterSubject: string | undefined;
  private readonly stream: string;

  constructor(private readonly options: NatsTailOptions) {
    const { naming, subjects, producer } = options;
    this.filterSubject = subjects.length === 1 ? naming.subject(subjects[0] as string) : undefined;
    this.filter = this.filterSubject ? undefined : subjects.map((subject) => naming.subject(subject));
    this.stream = naming.stream(producer);
  }

  /**
   * Opens the ordered consumer again (the one before it stopped first); while that fails, again after `retryMs`. A
   * reopen asked for while one is under way follows it. Resolves after this attempt, never rejects.
   */
  reopen(reason: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.opening) {
      this.openAgain = reason;
      return this.opening;
    }
    clearTimeout(this.retryTimer);
    this.opening = this.open(reason)
      .then(() => {
        this.failures = 0;
      })
      .catch((error: unknown) => {
        this.failures += 1;
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.options.log.warn({ err: error, reason, attempt: this.failures }, 'live tail could not be opened; trying again');
        }
        // Without a connection the next (re)connect opens it (the bus's listeners); with one, a timer.
        if (!this.stopped && this.options.link()) this.retryTimer = setTimeout(() => void this.reopen(reason), tailTiming.retryMs).unref();
      })
      .finally(() => {
        this.opening = undefined;
        const again = this.openAgain;
        this.openAgain = undefined;
        if (again !== undefined) void this.reopen(again);
      });
    return this.opening;
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.opening;
    const current = this.current;
    this.current = undefined;
    await current?.close().catch(() => undefined);
    await Promise.all([...this.loops]);
  }

  private async open(reason: string): Promise<void> {
    const link = this.options.link();
    if (!link) throw new Error('NATS is not connected');
    const previous = this.current;
    this.current = undefined;
    await previous?.close().catch(() => undefined);
    // Short API timeouts: while the stream elects a leader the calls go unanswered, and each try that gives up
    // sooner is one that comes sooner after the election.
    const js = jetstream(link.nc, { timeout: tailTiming.apiTimeoutMs });
    const jsm = await js.jetstreamManager(false);
    const info = await jsm.streams.info(this.stream).catch(async (error: unknown) => {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
      await this.options.ensureStream(this.options.producer);
      return jsm.streams.info(this.stream);
    });
    const end = info.state.last_seq + 1;
    if (this.nextSeq === undefined || info.created !== this.streamCreated || this.nextSeq > end) {
      if (this.nextSeq !== undefined) this.options.log.warn({ stream: this.stream }, 'stream replaced (a store loss): the live tail goes on from its end');
      this.nextSeq = end;
    }
    this.streamCreated = info.created;
    const consumer = await js.consumers.get(this.stream, {
      opt_start_seq: this.nextSeq,
      ...(this.filterSubject ? { filter_subjects: this.filterSubject } : {}),
    });
    const messages = await consumer.consume({ max_messages: 500, expires: tailTiming.expiresMs, idle_heartbeat: tailTiming.idleHeartbeatMs });
    if (this.stopped) {
      await messages.close().catch(() => undefined);
      return;
    }
    this.current = messages;
    if (reason !== 'opened') this.options.log.info({ reason, from: this.nextSeq }, 'live tail reopened');
    this.watch(messages);
    const loop = this.run(messages).finally(() => this.loops.delete(loop));
    this.loops.add(loop);
  }

  /** A consumer gone silent or gone (while our connection stays up) is replaced. */
  private watch(messages: ConsumerMessages): void {
    void (async () => {
      for await (const status of messages.status()) {
        if (this.current !== messages) return;
        if (tailLostEvents.has(status.type)) {
          void this.reopen(status.type);
          return;
        }
      }
    })();
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const message of messages) {
        if (this.current !== messages) break;
        const seq = message.info.streamSequence;
        if (this.nextSeq !== undefined && seq < this.nextSeq) continue;
        this.nextSeq = seq + 1;
        if (this.filter && !this.filter.some((pattern) => subjectMatches(pattern, message.subject))) continue;
        try {
          await this.options.handler(message.json<EventEnvelope>());
        } catch (error) {
          this.options.log.warn({ err: error, subject: message.subject }, 'tail handler failed');
        }
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'live tail stopped');
    }
    // Ended by nats.js itself (not replaced or closed by us): open it again.
    if (this.current === messages && !this.stopped) {
      this.current = undefined;
      void this.reopen('ended');
    }
  }
}
