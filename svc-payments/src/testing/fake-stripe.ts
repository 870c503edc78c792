/**
 * A local HTTP server that plays Stripe's PaymentIntents endpoints for the real `stripe` SDK (tests only; no
 * maintained Stripe emulator exists). It keeps intents in memory, honours idempotency keys as Stripe does (the
 * same key answers the first response again), and records every request — method, path, idempotency key, form
 * parameters — so tests can see exactly what the SDK sent.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: Record<string, string>;
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  automatic_payment_methods: { enabled: boolean } | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string } | null;
  created: number;
  livemode: false;
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: FakeStripeRequest[];
  intents: Map<string, FakeIntent>;
  /** Answer the next create calls with a 500 (the SDK retries; the count covers its retries too). */
  failCreates: number;
  /** The card step done in the browser: the intent succeeds (or, with a message, is declined). */
  succeed(id: string): FakeIntent;
  decline(id: string, message?: string): FakeIntent;
  /** A webhook event about an intent, as Stripe would post it (sign it with generateTestHeaderString). */
  eventPayload(intent: FakeIntent, type?: string, eventId?: string): string;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const state = { failCreates: 0 };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, authorization: header(req, 'authorization'), params });

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const replay = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      if (state.failCreates > 0) {
        state.failCreates -= 1;
        return send(res, 500, { error: { type: 'api_error', message: 'fake outage' } });
      }
      const intent = createIntent(params);
      intents.set(intent.id, intent);
      if (idempotencyKey) answered.set(idempotencyKey, { status: 200, body: intent });
      return send(res, 200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1] as string);
      if (!intent) {
        return send(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'`, param: 'intent' },
        });
      }
      return send(res, 200, intent);
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function mustFind(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
    return intent;
  }

  return {
    host: '127.0.0.1',
    port,
    requests,
    intents,
    get failCreates() {
      return state.failCreates;
    },
    set failCreates(count: number) {
      state.failCreates = count;
    },
    succeed(id) {
      const intent = mustFind(id);
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      return intent;
    },
    decline(id, message = 'Your card was declined.') {
      const intent = mustFind(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message, code: 'card_declined' };
      return intent;
    },
    eventPayload(intent, type = 'payment_intent.succeeded', eventId = `evt_${randomBytes(12).toString('hex')}`) {
      return JSON.stringify(
        {
          id: eventId,
          object: 'event',
          api_version: '2025-01-01',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
          data: { object: intent },
        },
        null,
        2,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function createIntent(params: Record<string, string>): FakeIntent {
  const id = `pi_${randomBytes(12).toString('hex')}`;
  const metadata: Record<string, string> = {};
  const automatic = params['automatic_payment_methods[enabled]'];
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1] as string] = value;
  }
  return {
    id,
    object: 'payment_intent',
    amount: Number(params.amount),
    currency: params.currency ?? '',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    automatic_payment_methods: automatic === undefined ? null : { enabled: automatic === 'true' },
    description: params.description ?? null,
    metadata,
    last_payment_error: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf-8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...headers });
  res.end(text);
}
