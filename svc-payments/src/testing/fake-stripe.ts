/**
 * A local HTTP server that plays Stripe's PaymentIntents, Refunds, Customers, Connect (accounts, account links,
 * transfers) endpoints for the real `stripe` SDK (tests only; no
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
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: FakeStripeRequest[];
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  /** Transfers made, by id: destination account, amount, metadata. */
  transfers: Map<string, { id: string; destination: string; amount: number; metadata: Record<string, string> }>;
  /** Answer the next create calls with a 500 (the SDK retries; the count covers its retries too). */
  failCreates: number;
  /** Off-session charges on a saved card are declined (402 card_error) while set. */
  declineOffSession: boolean;
  /** A webhook event about a refund (e.g. refund.updated once it succeeded). */
  refundEventPayload(refund: FakeRefund, type?: string, eventId?: string): string;
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
  const state = { failCreates: 0, declineOffSession: false };
  const refunds = new Map<string, FakeRefund>();
  const transfers: FakeStripe['transfers'] = new Map();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}${(counter += 1)}`;

  /** The other objects the adapter creates: customers, refunds, Express accounts and links, transfers. */
  function createOther(path: string, params: Record<string, string>): { status: number; body: unknown } | undefined {
    const metadata = metadataOf(params);
    const created = Math.floor(Date.now() / 1000);
    switch (path) {
      case '/v1/customers':
        return { status: 200, body: { id: newId('cus'), object: 'customer', metadata, created, livemode: false } };
      case '/v1/refunds': {
        const intent = intents.get(params.payment_intent ?? '');
        if (!intent || intent.status !== 'succeeded') {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: 'PaymentIntent not refundable', param: 'payment_intent' } } };
        }
        // Card refunds are pending until the bank confirms; the test sends refund.updated when it has.
        const refund: FakeRefund = {
          id: newId('re'),
          object: 'refund',
          amount: Number(params.amount ?? intent.amount),
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'pending',
          metadata,
          created,
        };
        refunds.set(refund.id, refund);
        return { status: 200, body: refund };
      }
      case '/v1/accounts':
        return { status: 200, body: { id: newId('acct'), object: 'account', type: params.type, country: params.country, metadata, created } };
      case '/v1/account_links':
        return { status: 200, body: { object: 'account_link', url: `https://connect.stripe.test/setup/${params.account}`, created, expires_at: created + 300 } };
      case '/v1/transfers': {
        const transfer = { id: newId('tr'), destination: params.destination ?? '', amount: Number(params.amount), metadata };
        transfers.set(transfer.id, transfer);
        return { status: 200, body: { ...transfer, object: 'transfer', currency: params.currency, created } };
      }
      default:
        return undefined;
    }
  }

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
      if (params.off_session === 'true' && params.confirm === 'true') {
        if (state.declineOffSession || !params.payment_method) {
          const declined = { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } };
          if (idempotencyKey) answered.set(idempotencyKey, { status: 402, body: declined });
          return send(res, 402, declined);
        }
        intent.status = 'succeeded';
      }
      intents.set(intent.id, intent);
      if (idempotencyKey) answered.set(idempotencyKey, { status: 200, body: intent });
      return send(res, 200, intent);
    }
    if (req.method === 'POST') {
      const replay = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      const other = createOther(url.pathname, params);
      if (other) {
        if (idempotencyKey) answered.set(idempotencyKey, other);
        return send(res, other.status, other.body);
      }
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
    refunds,
    transfers,
    get declineOffSession() {
      return state.declineOffSession;
    },
    set declineOffSession(value: boolean) {
      state.declineOffSession = value;
    },
    refundEventPayload(refund, type = 'refund.updated', eventId = `evt_${randomBytes(12).toString('hex')}`) {
      return eventJson(eventId, type, refund);
    },
    get failCreates() {
      return state.failCreates;
    },
    set failCreates(count: number) {
      state.failCreates = count;
    },
    succeed(id) {
      const intent = mustFind(id);
      intent.status = 'succeeded';
      intent.payment_method = `pm_${randomBytes(8).toString('hex')}`;
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
      return eventJson(eventId, type, intent);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1] as string] = value;
  }
  return metadata;
}

function eventJson(id: string, type: string, object: unknown): string {
  return JSON.stringify(
    {
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    },
    null,
    2,
  );
}

function createIntent(params: Record<string, string>): FakeIntent {
  const id = `pi_${randomBytes(12).toString('hex')}`;
  const metadata = metadataOf(params);
  const automatic = params['automatic_payment_methods[enabled]'];
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
    customer: params.customer ?? null,
    payment_method: params.payment_method ?? null,
    setup_future_usage: params.setup_future_usage ?? null,
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
