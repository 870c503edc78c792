/**
 * The authorization matrix: every route of the registry (libs/contracts api-routes.ts) × seven callers, through the
 * real gateway in front of all six services. Each row says what each caller gets; a route the registry lists without
 * a row here — or a row for a route the registry no longer lists — fails the suite, so a new endpoint cannot ship
 * without someone deciding who may call it. A few cells also check that what comes back leaks nothing.
 *
 * Columns: anonymous, customer B (owns nothing here), unapproved carrier, uninvolved approved carrier, the approved
 * carrier who bid on customer A's tasks and is assigned one, customer A (owns the tasks), admin.
 */
import { apiRoutes, type ApiRoute } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { routeKey, routeRequests, type RouteKey } from './testing/route-requests';
import { actorNames, worldForSuite, type ActorName, type Reply, type World } from './testing/world';

type Row = [anonymous: number, customerB: number, unapproved: number, uninvolved: number, carrier: number, customerA: number, admin: number];

// Admin-only: 401 anonymous, 403 every other role, the admin's own answer last.
const adminOnly = (admin: number): Row => [401, 403, 403, 403, 403, 403, admin];
const anyLoggedIn = (status: number): Row => [401, status, status, status, status, status, status];
const anyone = (status: number): Row => [status, status, status, status, status, status, status];
// Carriers only (approved or not): 401 anonymous, 403 customers and the admin.
const carriersOnly = (status: number): Row => [401, 403, status, status, status, 403, 403];

const matrix: Record<RouteKey, Row> = {
  'GET /health': anyone(200),
  'POST /auth/register': anyone(201),
  'POST /auth/login': anyone(401),
  'GET /auth/profile': anyLoggedIn(200),
  'GET /users/me': anyLoggedIn(200),
  'GET /account/export': anyLoggedIn(200),
  // Next to last (it deletes accounts): those with tasks not finished may not leave (409; customer B posted one in
  // the POST /tasks row), nor may the admin (422).
  'DELETE /account': [401, 409, 204, 204, 409, 409, 422],
  // Same answer whether the e-mail exists or not.
  'POST /auth/verify-request': anyone(200),
  'POST /auth/verify-email': anyone(400),
  'POST /auth/forgot-password': anyone(200),
  'POST /auth/reset-password': anyone(400),
  'GET /auth/2fa': anyLoggedIn(200),
  'POST /auth/2fa/setup': anyLoggedIn(200),
  // No pending setup matches the code.
  'POST /auth/2fa/enable': anyLoggedIn(400),
  // Two-factor is not on.
  'POST /auth/2fa/disable': anyLoggedIn(409),
  // No login challenge behind it: the code step is over before it began.
  'POST /auth/2fa/email/request': anyone(401),
  'POST /auth/2fa/email/verify': anyone(401),
  'GET /auth/oidc/config': anyone(200),
  // No OIDC_ISSUER in this world: the provider login does not exist.
  'GET /auth/oidc/start': anyone(404),
  'GET /auth/oidc/callback': anyone(404),
  'GET /auth/oidc/link/start': anyone(404),
  'GET /auth/oidc/links': anyLoggedIn(200),
  // Nobody's link 999999: not found for everyone signed in.
  'DELETE /auth/oidc/links/{id}': anyLoggedIn(404),
  'GET /auth/sessions': anyLoggedIn(200),
  'DELETE /auth/sessions': anyLoggedIn(200),
  // Someone else's session, or none, is not found.
  'DELETE /auth/sessions/{id}': anyLoggedIn(404),
  'PUT /users/profile': anyLoggedIn(200),
  'GET /users/billing': anyLoggedIn(200),
  // Carriers change billing through a request the admin approves.
  'PUT /users/billing': [401, 200, 403, 403, 403, 200, 200],
  'POST /users/billing-changes': carriersOnly(201),
  'GET /users/billing-changes/me': carriersOnly(200),
  'GET /users/bank-info': carriersOnly(200),
  'PUT /users/bank-info': carriersOnly(200),
  'GET /users/insurance/me': carriersOnly(200),
  // Carriers only, and only with a document they uploaded themselves: the key here is `carrier`'s, so the other two
  // carriers are refused it (svc-identity asks svc-tasks who uploaded it) as if it did not exist.
  'POST /users/insurance': [401, 403, 422, 422, 201, 403, 403],
  'PUT /users/insurance/{id}': carriersOnly(404),
  'GET /admin/users/{id}/insurance': adminOnly(200),
  'GET /admin/billing-changes': adminOnly(200),
  'PUT /admin/billing-changes/{id}/approve': adminOnly(404),
  'PUT /admin/billing-changes/{id}/reject': adminOnly(404),
  'GET /cvr/{number}': anyLoggedIn(404),
  // MAIL_TRANSPORT=dev (the default outside production).
  'GET /dev/mail': anyone(200),
  'GET /users': adminOnly(200),
  'GET /users/{id}': [401, 403, 403, 403, 403, 200, 200],
  'PUT /users/{id}': [401, 403, 403, 403, 403, 200, 200],
  'PUT /admin/users/{id}/approve': adminOnly(200),
  'PUT /admin/users/{id}/reject': adminOnly(200),
  'PUT /admin/users/{id}/block': adminOnly(200),
  'PUT /admin/users/{id}/unblock': adminOnly(200),
  'GET /admin/carriers/pending-count': adminOnly(200),
  'GET /admin/users/blocked-count': adminOnly(200),
  'GET /tasks': anyone(200),
  // Guests may post tasks; carriers may not.
  'POST /tasks': [201, 201, 403, 403, 403, 201, 201],
  // Logged-in strangers get the public view (checked below).
  'GET /tasks/{id}': anyLoggedIn(200),
  'PUT /tasks/{id}': [401, 403, 403, 403, 403, 200, 200],
  'PATCH /tasks/{id}/status': [401, 403, 403, 403, 200, 200, 200],
  // A guest task is claimed by a customer holding its link; this one has none, and is customer A's already.
  'POST /tasks/{id}/claim': [401, 403, 403, 403, 403, 200, 403],
  'POST /upload/image': anyone(201),
  'POST /upload/document': anyLoggedIn(201),
  // customer A's document: the owner and an admin only.
  'GET /files/{key}': [401, 403, 403, 403, 403, 200, 200],
  'GET /geo/suggest': anyone(200),
  'GET /admin/tasks/pending-count': adminOnly(200),
  'GET /admin/task-types': adminOnly(200),
  'GET /admin/deletion-requests': adminOnly(200),
  'POST /admin/task-types': adminOnly(201),
  'PUT /admin/task-types/{type}': adminOnly(200),
  'DELETE /admin/task-types/{type}': adminOnly(204),
  'POST /pricing/quote': anyLoggedIn(200),
  'GET /admin/platform-settings': adminOnly(200),
  'PUT /admin/platform-settings': adminOnly(200),
  'GET /admin/carrier-lists': adminOnly(200),
  'POST /admin/carrier-lists': adminOnly(201),
  'PUT /admin/carrier-lists/{id}': adminOnly(404),
  'DELETE /admin/carrier-lists/{id}': adminOnly(404),
  'GET /admin/carrier-lists/assignments': adminOnly(200),
  'POST /admin/carrier-lists/assignments': adminOnly(404),
  'DELETE /admin/carrier-lists/assignments/{id}': adminOnly(404),
  // Approved carriers only; the carrier who already bid is told so.
  'POST /bids': [401, 403, 403, 201, 409, 403, 403],
  // Carriers list only their own bids (checked below); a customer only on their own tasks.
  'GET /bids': [401, 403, 200, 200, 200, 200, 200],
  'GET /bids/{id}': [401, 403, 403, 403, 200, 200, 200],
  'PUT /bids/{id}': [401, 403, 403, 403, 200, 403, 403],
  'POST /bids/{id}/accept': [401, 403, 403, 403, 403, 200, 200],
  // The bid is accepted: the deciders pass the check and meet the state.
  'POST /bids/{id}/reject': [401, 403, 403, 403, 403, 409, 409],
  'GET /tasks/{id}/bids': [401, 403, 200, 200, 200, 200, 200],
  'POST /tasks/{id}/assign': [401, 403, 403, 403, 403, 200, 200],
  'GET /notifications': anyLoggedIn(200),
  // Someone else's notification is not found, not forbidden.
  'PUT /notifications/{id}/read': [401, 404, 404, 404, 404, 200, 404],
  // The assigned carrier writes to the task's owner, and so may an admin; strangers meet the chat lock.
  'POST /chat/messages': [401, 403, 403, 403, 201, 403, 201],
  // Someone else's thread: the admin only.
  'GET /chat/messages': [401, 403, 403, 403, 403, 200, 200],
  'GET /chat/threads': anyLoggedIn(200),
  // Only the receiver marks a message read; the sender is told so, anyone else finds nothing.
  'PUT /chat/messages/{id}/read': [401, 404, 404, 404, 403, 200, 404],
  'PUT /chat/threads/read': [401, 200, 200, 200, 200, 200, 200],
  'GET /events': anyLoggedIn(200),
  'POST /payments/intents': [401, 403, 403, 403, 403, 200, 403],
  // Customers and admins pass the role check and meet the unknown intent.
  'POST /payments/confirm': [401, 404, 403, 403, 403, 404, 404],
  'POST /payments/webhook': anyone(404),
  'POST /payments/mock/{paymentIntentId}/complete': [401, 404, 403, 403, 403, 404, 404],
  'GET /finance/ledger': adminOnly(200),
  'GET /finance/payments/me': [401, 200, 403, 403, 403, 200, 403],
  'GET /finance/ledger.csv': adminOnly(200),
  // Nothing earned or paid yet: the admin passes the check and meets the limit.
  'POST /finance/payouts/carrier': adminOnly(422),
  'POST /finance/payouts/platform': adminOnly(422),
  'PUT /finance/payouts/{id}/status': adminOnly(404),
  'POST /finance/adjustments': adminOnly(201),
  'GET /finance/me': carriersOnly(200),
  'GET /finance/me.csv': carriersOnly(200),
  'POST /finance/payout-requests': carriersOnly(422),
  'GET /finance/ledger/customer/me': [401, 200, 403, 403, 403, 200, 403],
  'GET /admin/financial-overview': adminOnly(200),
  'GET /admin/platform-saldo': adminOnly(200),
  'GET /admin/platform-saldo.csv': adminOnly(200),
  // Nothing paid on the task, so no saved card: the admin meets the refusal and nothing is booked.
  'POST /admin/charges': adminOnly(422),
  'POST /admin/users/{id}/connected-account': adminOnly(200),
  'POST /finance/payout-link': carriersOnly(200),
  'GET /tasks/{id}/freight-note': [401, 403, 403, 403, 200, 200, 200],
  // Not paid yet: the owner passes the check and meets the lock.
  'PUT /tasks/{id}/freight-note': [401, 403, 403, 403, 403, 409, 200],
  'GET /tasks/{id}/freight-note.pdf': [401, 403, 403, 403, 200, 200, 200],
  'GET /tasks/{id}/proofs': [401, 403, 403, 403, 200, 200, 200],
  'POST /tasks/{id}/proofs': [401, 403, 403, 403, 201, 403, 201],
  'DELETE /tasks/{id}/proofs/{proofId}': [401, 403, 403, 403, 404, 403, 404],
  'GET /tasks/{id}/deletion-requests': [401, 403, 403, 403, 200, 200, 200],
  // One pending request per task: the carrier's came first, so the owner meets it.
  'POST /tasks/{id}/deletion-requests': [401, 403, 403, 403, 201, 409, 403],
  'PUT /tasks/{id}/deletion-requests/{requestId}': adminOnly(404),
  // Only ratings of one's own tasks (checked below).
  'GET /ratings': anyLoggedIn(200),
  'POST /ratings': [401, 403, 403, 403, 409, 409, 403],
  'GET /ratings/summary': anyLoggedIn(200),
  'GET /ratings/carrier/{id}': anyLoggedIn(200),
  // Public carrier profiles (issue 13): read-only, no contact data (checked below).
  'GET /carriers': anyone(200),
  'GET /carriers/{id}': anyone(200),
  'GET /ratings/public': anyone(200),
  // Load alerts and vehicles (issue 29): a carrier's own; creating an alert needs an approved one.
  'GET /alerts': carriersOnly(200),
  'POST /alerts': [401, 403, 403, 201, 201, 403, 403],
  'PATCH /alerts/{id}': carriersOnly(404),
  'DELETE /alerts/{id}': carriersOnly(404),
  // The mails' link: the page asks before it changes anything; a forged signature is refused for everyone.
  'GET /alerts/unsubscribe': anyone(200),
  'POST /alerts/unsubscribe': anyone(400),
  'GET /carrier/profile': carriersOnly(200),
  'PUT /carrier/profile': carriersOnly(200),
  // Destructive rows run last (see `walkOrder`).
  'DELETE /users/{id}': adminOnly(204),
  'DELETE /tasks/{id}': adminOnly(204),
  // Last of all; the two carriers without tasks deleted their accounts just before, so they have no session.
  'POST /auth/logout': [401, 204, 401, 401, 204, 204, 204],
};

/** A carrier's bid lists hold their own bids only: never a competitor's price. */
function onlyOwnBidsForCarriers(reply: Reply, actor: ActorName, world: World): void {
  if (!['unapproved', 'uninvolved', 'carrier'].includes(actor)) return;
  for (const bid of reply.body.items) expect(bid.carrier_id).toBe(world.actors[actor].id);
}

/** What must not be in an answer a caller is allowed to get. */
const leakChecks: Partial<Record<RouteKey, (reply: Reply, actor: ActorName, world: World) => void>> = {
  'GET /tasks/{id}': (reply, actor) => {
    if (!['customerB', 'unapproved', 'uninvolved'].includes(actor)) return;
    expect(reply.body).toMatchObject({ view: 'public', user_id: null, assigned_carrier_id: null, from_address: null, contact_email: null });
  },
  'GET /tasks': (reply, actor) => {
    for (const task of reply.body.items) {
      if (task.view === 'public') expect(task).toMatchObject({ user_id: null, assigned_carrier_id: null, from_address: null });
      // A customer total: never for carriers; visitors and other customers only while open for bids (shared/API.md).
      if (['carrier', 'uninvolved', 'unapproved'].includes(actor)) expect(task.lowest_bid).toBeNull();
      if ((actor === 'customerB' || actor === 'anonymous') && task.status !== 'open_for_bids') expect(task.lowest_bid).toBeNull();
    }
  },
  'GET /bids': onlyOwnBidsForCarriers,
  'GET /tasks/{id}/bids': onlyOwnBidsForCarriers,
  'GET /ratings': (reply, actor) => {
    if (['customerB', 'unapproved', 'uninvolved'].includes(actor)) expect(reply.body.items).toEqual([]);
  },
  'GET /ratings/carrier/{id}': (reply, actor) => {
    if (actor === 'admin' || actor === 'carrier') return;
    for (const rating of reply.body.items) expect(rating).toMatchObject({ task_id: null, customer_id: null });
  },
  // A public profile carries no e-mail, phone or address (the world's carrier has all three on file).
  'GET /carriers/{id}': (reply, _actor, world) => {
    expect(reply.body.id).toBe(world.actors.carrier.id);
    expect(JSON.stringify(reply.body)).not.toMatch(/@|phone|address|email/i);
  },
  'GET /carriers': (reply, _actor, world) => {
    expect(reply.body.items.map((carrier: { id: number }) => carrier.id)).toEqual([world.actors.carrier.id, world.actors.uninvolved.id]);
    expect(JSON.stringify(reply.body)).not.toMatch(/@|phone|address|email/i);
  },
  'GET /chat/threads': (reply, actor) => {
    if (['customerB', 'unapproved', 'uninvolved'].includes(actor)) expect(reply.body.items).toEqual([]);
  },
  'GET /auth/sessions': (reply) => {
    expect(JSON.stringify(reply.body)).not.toMatch(/token|hash/i);
  },
  'GET /account/export': (reply, name, world) => {
    // Only the caller's own data: their profile, and no other actor's e-mail anywhere in it.
    const me = world.actors[name];
    expect(reply.body.profile.id).toBe(me.id);
    const text = JSON.stringify(reply.body);
    expect(text).not.toMatch(/password|totp_secret|token_hash/i);
  },
  'GET /users/me': (reply) => {
    expect(JSON.stringify(reply.body)).not.toMatch(/password/i);
  },
};

const destructive: RouteKey[] = ['DELETE /users/{id}', 'DELETE /tasks/{id}', 'DELETE /account', 'POST /auth/logout'];
const walkOrder = (routes: ApiRoute[]) =>
  [...routes].sort((a, b) => destructive.indexOf(routeKey(a)) - destructive.indexOf(routeKey(b)));

const suite = worldForSuite();

describe('the authorization matrix covers the route registry', () => {
  it('when a route is in the registry, then it has a matrix row and a request; and no row is left over', () => {
    const registered = apiRoutes.map(routeKey);
    expect(registered.filter((key) => !(key in matrix))).toEqual([]);
    expect(registered.filter((key) => !(key in routeRequests))).toEqual([]);
    expect(Object.keys(matrix).filter((key) => !registered.includes(key as RouteKey))).toEqual([]);
    expect(Object.keys(routeRequests).filter((key) => !registered.includes(key as RouteKey))).toEqual([]);
  });
});

describe('every route × every caller through the gateway', () => {
  it.each(walkOrder(apiRoutes).map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const world = suite();
    const row = matrix[key];
    const build = routeRequests[key];
    if (!row || !build) throw new Error(`no matrix row or request for ${key}`);
    const got: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [index, name] of actorNames.entries()) {
      const { path, ...options } = build(world);
      const reply = await world.request(route.method, path, { ...options, as: world.actors[name] });
      got[name] = reply.status;
      wanted[name] = row[index] ?? 0;
      if (reply.status < 300) leakChecks[key]?.(reply, name, world);
      if (reply.status >= 400) expect(reply.body, `${key} as ${name}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(got).toEqual(wanted);
  });
});
