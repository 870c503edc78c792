import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { Counter, Gauge, Registry } from 'prom-client';
import { eventTypes, payloadSchemaFor, type AuthUser, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { createEventBus, domainError, type EventBus, internalTokenHeader, type Logger, sessionTokenOf, type Subscription, verifyInternalToken } from '@fragtbud/platform';
import { clientAddressOf } from './client-address';
import type { GatewayConfig } from './config';
import type { SessionResolver } from './sessions';

/*
 * GET /api/events: Server-Sent Events for the logged-in user (shared/API.md). svc-chat turns domain events into
 * `chat.live.event`s naming their users; every gateway replica tails them all (an ordered JetStream consumer each, or
 * the in-process bus when embedded) and writes each to the open streams of those users. Nothing here is the source of
 * truth: a browser that missed events (a reconnect beyond the replay buffer) gets `resync` and fetches again.
 *
 * - `id:` is the live event's envelope id, the same on every replica; `Last-Event-ID` (or `?lastEventId=`) replays what
 *   this replica saw after it, from a buffer bounded in count and age.
 * - A session that ends anywhere (logout, 'Log ud af alle andre', one session ended, password change or reset, block,
 *   deletion) ends its streams at once on every replica: svc-identity publishes identity.session.ended naming the
 *   session ids, every replica tails it, forgets those sessions and closes their streams. A block/deletion event closes
 *   every stream of the user as well.
 * - A comment heartbeat every LIVE_HEARTBEAT_MS (25 s) keeps proxies from closing the stream; each beat also checks
 *   the session again (the safety net should an event be lost).
 * - At most LIVE_MAX_STREAMS_PER_USER streams per user and replica: a new one closes the user's oldest (the newest tab
 *   is the one being looked at; the closed one reconnects only if it is still open, and then closes the next oldest).
 * - At most LIVE_MAX_STREAMS_PER_ADDRESS streams per client address and replica, whoever is signed in: one more is
 *   refused with 429 (Retry-After), unless the same user replaces its own oldest stream from that address.
 * - No compression or buffering: the response bypasses Koa, `X-Accel-Buffering: no`, `Cache-Control: no-transform`.
 * - A client that does not read (more than 1 MB unsent) is cut off; it reconnects with Last-Event-ID.
 */

const eventsPath = '/api/events';
const maxUnsentBytes = 1024 * 1024;

interface Stream {
  userId: number;
  /** svc-identity's id of the session the stream belongs to (null from an identity that does not name it). */
  sessionId: number | null;
  address: string;
  token: string;
  res: ServerResponse;
  openedAt: number;
}

interface BufferedEvent {
  id: string;
  userIds: readonly number[];
  frame: string;
  at: number;
}

export interface LiveEvents {
  /** GET /api/events and GET /metrics; after a logout, block or deletion through this gateway, ends the streams. */
  middleware: Middleware;
  /** Starts tailing the bus (creating one from NATS_URL unless one was given). */
  start(): Promise<void>;
  close(): Promise<void>;
  openStreams(): number;
  registry: Registry;
}

export function createLiveEvents(options: {
  config: GatewayConfig;
  logger: Logger;
  sessions: SessionResolver;
  bus?: EventBus;
  /** The gateway's /api rate limit: opening a stream counts as a request. */
  rateLimit?: Middleware;
}): LiveEvents {
  const { config, sessions } = options;
  const log = options.logger.child({ component: 'live-events' });
  const streamsByUser = new Map<number, Set<Stream>>();
  const streamsByAddress = new Map<string, Set<Stream>>();
  const replay = createReplayBuffer(config.LIVE_REPLAY_EVENTS, config.LIVE_REPLAY_MS);
  const registry = new Registry();
  const openGauge = new Gauge({ name: 'gateway_sse_open_streams', help: 'Open /api/events streams', registers: [registry] });
  const sent = new Counter({ name: 'gateway_sse_events_sent_total', help: 'Events written to streams', registers: [registry] });
  const closed = new Counter({
    name: 'gateway_sse_streams_closed_total',
    help: 'Streams ended by the gateway',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  let bus = options.bus;
  let ownBus = false;
  let subscriptions: Subscription[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let open = 0;

  function allStreams(): Stream[] {
    return [...streamsByUser.values()].flatMap((set) => [...set]);
  }

  function write(stream: Stream, frame: string): void {
    if (stream.res.writableEnded || stream.res.destroyed) return;
    if (stream.res.writableLength > maxUnsentBytes) {
      end(stream, 'slow_client');
      return;
    }
    stream.res.write(frame);
  }

  function end(stream: Stream, reason: string): void {
    closed.inc({ reason });
    if (!stream.res.writableEnded) stream.res.end();
    forget(stream);
  }

  function forget(stream: Stream): void {
    const set = streamsByUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) streamsByUser.delete(stream.userId);
    const atAddress = streamsByAddress.get(stream.address);
    atAddress?.delete(stream);
    if (atAddress?.size === 0) streamsByAddress.delete(stream.address);
    open -= 1;
    openGauge.set(open);
  }

  function closeUser(userId: number, reason: string): void {
    for (const stream of [...(streamsByUser.get(userId) ?? [])]) end(stream, reason);
  }

  function closeToken(token: string, reason: string): void {
    for (const stream of allStreams()) if (stream.token === token) end(stream, reason);
  }

  function deliver(envelope: EventEnvelope): void {
    const parsed = payloadSchemaFor(eventTypes.liveEvent)?.safeParse(envelope.data);
    if (!parsed?.success) {
      log.warn({ eventId: envelope.id }, 'live event outside the contract; dropped');
      return;
    }
    const { userIds, type, data } = parsed.data as EventPayload<typeof eventTypes.liveEvent>;
    const frame = `id: ${envelope.id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
    replay.add({ id: envelope.id, userIds, frame, at: Date.now() });
    for (const userId of userIds) {
      for (const stream of streamsByUser.get(userId) ?? []) {
        write(stream, frame);
        sent.inc();
      }
    }
  }

  function closeSessions(sessionIds: readonly number[], reason: string): void {
    const ended = new Set(sessionIds);
    for (const stream of allStreams()) if (stream.sessionId !== null && ended.has(stream.sessionId)) end(stream, reason);
  }

  const oldestOf = (streams: Iterable<Stream>) => [...streams].sort((a, b) => a.openedAt - b.openedAt)[0];

  /**
   * Room for one more stream from `address`: when the address is at its cap, the user's own oldest stream from there
   * makes way; a user with none there is refused (429) rather than closing someone else's.
   */
  function makeRoomAt(address: string, userId: number): void {
    const atAddress = streamsByAddress.get(address);
    if (!atAddress || atAddress.size < config.LIVE_MAX_STREAMS_PER_ADDRESS) return;
    const own = oldestOf([...atAddress].filter((stream) => stream.userId === userId));
    if (!own) {
      closed.inc({ reason: 'address_limit_refused' });
      throw domainError('too_many_live_streams', { retryAfterSeconds: 30 });
    }
    end(own, 'too_many_streams_from_address');
  }

  function openStream(res: ServerResponse, session: { user: AuthUser; sessionId: number | null; token: string; address: string }, lastEventId: string | undefined): void {
    const { user, token, sessionId, address } = session;
    const set = streamsByUser.get(user.id) ?? new Set<Stream>();
    streamsByUser.set(user.id, set);
    while (set.size >= config.LIVE_MAX_STREAMS_PER_USER) end(oldestOf(set) as Stream, 'too_many_streams');
    const stream: Stream = { userId: user.id, sessionId, address, token, res, openedAt: performance.now() };
    set.add(stream);
    streamsByUser.set(user.id, set);
    const atAddress = streamsByAddress.get(address) ?? new Set<Stream>();
    atAddress.add(stream);
    streamsByAddress.set(address, atAddress);
    open += 1;
    openGauge.set(open);
    res.on('close', () => forget(stream));

    res.write(`retry: 3000\n: forbundet\n\n`);
    if (lastEventId) {
      const missed = replay.after(lastEventId, user.id);
      if (missed === undefined) res.write(`event: resync\ndata: {}\n\n`);
      else for (const event of missed) write(stream, event.frame);
    }
  }

  /** Each beat: a comment on every stream, and the session of each stream asked again (cached briefly). */
  async function beat(): Promise<void> {
    const streams = allStreams();
    for (const stream of streams) write(stream, ': ping\n\n');
    const tokens = [...new Set(streams.map((stream) => stream.token))];
    for (let i = 0; i < tokens.length; i += 10) {
      await Promise.all(
        tokens.slice(i, i + 10).map(async (token) => {
          try {
            const user = await sessions.resolve(token);
            if (!user) closeToken(token, 'session_ended');
            else if (user.blocked) closeToken(token, 'blocked');
          } catch (error) {
            log.debug({ err: error }, 'session check failed; stream kept');
          }
        }),
      );
    }
  }

  function onSessionsEnded(envelope: EventEnvelope): void {
    const parsed = payloadSchemaFor(eventTypes.sessionEnded)?.safeParse(envelope.data);
    if (!parsed?.success) {
      log.warn({ eventId: envelope.id }, 'session.ended outside the contract; dropped');
      return;
    }
    const { sessionIds, reason } = parsed.data as EventPayload<typeof eventTypes.sessionEnded>;
    sessions.forgetSessions(sessionIds);
    closeSessions(sessionIds, `session_${reason}`);
  }

  async function onAccountEvent(envelope: EventEnvelope): Promise<void> {
    const userId = (envelope.data as { userId?: unknown }).userId;
    if (typeof userId !== 'number') return;
    sessions.forgetAll();
    closeUser(userId, envelope.type === eventTypes.userBlocked ? 'blocked' : 'deleted');
  }

  const accountChanges: Array<[RegExp, string]> = [
    [/^\/api\/admin\/users\/(\d+)\/block$/, 'blocked'],
    [/^\/api\/users\/(\d+)$/, 'deleted'],
  ];

  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path === '/metrics' && ctx.method === 'GET') {
      // Like every service's /metrics: only a caller holding a service token (a scraper signed as a service).
      const caller = await verifyInternalToken({ secret: config.INTERNAL_TOKEN_SECRET, token: ctx.get(internalTokenHeader) || undefined });
      if (!caller.service) throw domainError('forbidden');
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
      return;
    }
    const { token } = sessionTokenOf(ctx);
    if (ctx.path !== eventsPath) {
      await next();
      if (ctx.method === 'GET' || ctx.status >= 400) return;
      if (ctx.path === '/api/auth/logout' && token) closeToken(token, 'logout');
      for (const [pattern, reason] of accountChanges) {
        const userId = ctx.path.match(pattern)?.[1];
        if (userId && (reason === 'blocked' || ctx.method === 'DELETE')) closeUser(Number(userId), reason);
      }
      return;
    }
    if (ctx.method !== 'GET') throw domainError('not_found');
    await options.rateLimit?.(ctx, async () => undefined);
    if (!token) throw domainError('unauthorized');
    let session: Awaited<ReturnType<SessionResolver['resolveSession']>>;
    try {
      session = await sessions.resolveSession(token);
    } catch (error) {
      ctx.state.log?.warn({ err: error }, 'session lookup failed');
      throw domainError('service_unavailable');
    }
    if (!session) throw domainError('unauthorized');
    const { user, sessionId } = session;
    if (user.blocked) throw domainError('account_blocked');
    const address = clientAddressOf(ctx);
    makeRoomAt(address, user.id);

    const lastEventId = ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.respond = false;
    ctx.res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': String(ctx.state.requestId ?? ''),
    });
    ctx.res.flushHeaders();
    openStream(ctx.res, { user, sessionId, token, address }, lastEventId.slice(0, 100) || undefined);
  };

  return {
    middleware,
    registry,
    openStreams: () => open,
    async start() {
      if (!bus) {
        if (!config.NATS_URL) log.warn('no NATS_URL and no bus given: /api/events streams only heartbeats');
        bus = await createEventBus({ natsUrl: config.NATS_URL, namespace: config.BUS_NAMESPACE, logger: log, name: 'gateway-live' });
        ownBus = true;
      }
      subscriptions = [
        await bus.tail({ subjects: [eventTypes.liveEvent], handler: deliver }),
        await bus.tail({ subjects: [eventTypes.userBlocked, eventTypes.userDeleted], handler: onAccountEvent }),
        await bus.tail({ subjects: [eventTypes.sessionEnded], handler: onSessionsEnded }),
      ];
      heartbeat = setInterval(() => void beat(), config.LIVE_HEARTBEAT_MS);
      heartbeat.unref();
    },
    async close() {
      clearInterval(heartbeat);
      for (const stream of allStreams()) end(stream, 'shutdown');
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      subscriptions = [];
      if (ownBus) await bus?.close();
    },
  };
}

/** The last events this replica saw, bounded by count and age; found again by id. */
function createReplayBuffer(capacity: number, maxAgeMs: number) {
  const ring: Array<BufferedEvent | undefined> = new Array(capacity);
  const positions = new Map<string, number>();
  let next = 0;
  return {
    add(event: BufferedEvent): void {
      const slot = next % capacity;
      const old = ring[slot];
      if (old) positions.delete(old.id);
      ring[slot] = event;
      positions.set(event.id, next);
      next += 1;
    },
    /** The user's events after `id`; undefined when `id` is unknown here or too old (the client must refetch). */
    after(id: string, userId: number): BufferedEvent[] | undefined {
      const position = positions.get(id);
      const oldestAllowed = Date.now() - maxAgeMs;
      if (position === undefined || (ring[position % capacity]?.at ?? 0) < oldestAllowed) return undefined;
      const events: BufferedEvent[] = [];
      for (let i = position + 1; i < next; i++) {
        const event = ring[i % capacity];
        if (event && event.userIds.includes(userId)) events.push(event);
      }
      return events;
    },
  };
}
