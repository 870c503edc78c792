import type { Context, Middleware } from 'koa';
import { type AuthUser } from '@fragtbud/contracts';
import { clearSessionCookie, createServiceClient, domainError, jsonBodyParser, type ServiceClient } from '@fragtbud/platform';
import type { UpstreamName } from './upstreams';

export interface AccountEndpointsOptions {
  upstreams: Record<UpstreamName, string>;
  secret: string;
  timeoutMs: number;
  /** The signed-in caller of this request (cookie or bearer), CSRF-checked for unsafe methods; null when anonymous. */
  callerOf(ctx: Context): Promise<AuthUser | null>;
  /**
   * After an account is deleted: drops the cached sessions (none of them resolves again) and the shared public
   * answers (a kept page could still show the user's name).
   */
  forgetAccountState(): void;
}

/**
 * The two account-wide operations that span every service (issue 13 item 5, GDPR):
 *
 * - `GET /api/account/export`: the caller's data as JSON, gathered from the services that own it — each answers
 *   `GET /internal/account/data` for the user in the internal token (identity: profile, terms acceptance, saved
 *   addresses, billing and insurance; tasks: tasks, proofs, ratings, deletion requests; bids; chat: messages and
 *   notifications) — and the money as the caller's role sees it (svc-ledger: a customer's payments and ledger, a carrier's payouts and balance).
 * - `DELETE /api/account` `{currentPassword}`: svc-identity (not an admin, the account's own password) and svc-tasks
 *   (no task in progress) first say whether the caller may leave, then
 *   svc-identity anonymises the account, blocks its login and ends its sessions; the ledger keeps its rows.
 *
 * Each service decides what it gives and refuses; the gateway only asks in order and puts the answers together.
 */
const paymentPageSize = 100;
/** The deletion's body is one password: anything longer is not one. */
const deleteBodyLimit = 16 * 1024;
const readDeleteBody = jsonBodyParser(deleteBodyLimit);

export function accountEndpoints(options: AccountEndpointsOptions): Middleware {
  const clients = new Map<UpstreamName, ServiceClient>();
  const client = (name: UpstreamName) => {
    let existing = clients.get(name);
    if (!existing) {
      existing = createServiceClient({
        baseUrl: options.upstreams[name],
        name,
        secret: options.secret,
        caller: 'gateway',
        timeoutMs: options.timeoutMs,
      });
      clients.set(name, existing);
    }
    return existing;
  };

  /** Every page of the customer's payment history (svc-ledger answers at most 100 rows a page). */
  async function allPayments(as: { user: AuthUser; requestId: string | undefined }) {
    const items: unknown[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await client('ledger').get<{ items: unknown[]; total: number }>('/finance/payments/me', {
        ...as,
        query: { page, limit: paymentPageSize },
      });
      items.push(...answer.items);
      if (answer.items.length < paymentPageSize || items.length >= answer.total) return { items, total: answer.total };
    }
  }

  async function exportOf(user: AuthUser, requestId: string | undefined) {
    const as = { user, requestId };
    const money =
      user.role === 'carrier'
        ? client('ledger').get('/finance/me', as).then((finance) => ({ finance }))
        : user.role === 'customer'
          ? Promise.all([allPayments(as), client('ledger').get('/finance/ledger/customer/me', as)]).then(([payments, ledger]) => ({
              payments,
              ledger,
            }))
          : Promise.resolve({});
    const [account, tasks, bids, chat, moneyPart] = await Promise.all([
      client('identity').get<Record<string, unknown>>('/internal/account/data', as),
      client('tasks').get<Record<string, unknown>>('/internal/account/data', as),
      client('bids').get<Record<string, unknown>>('/internal/account/data', as),
      client('chat').get<Record<string, unknown>>('/internal/account/data', as),
      money,
    ]);
    return { exportedAt: new Date().toISOString(), ...account, ...tasks, ...bids, ...chat, money: moneyPart };
  }

  return async (ctx, next) => {
    if (ctx.path !== '/api/account/export' && ctx.path !== '/api/account') return next();
    const requestId = typeof ctx.state.requestId === 'string' ? ctx.state.requestId : undefined;

    if (ctx.path === '/api/account/export' && ctx.method === 'GET') {
      const user = await options.callerOf(ctx);
      if (!user) throw domainError('unauthorized');
      const data = await exportOf(user, requestId);
      const day = data.exportedAt.slice(0, 10);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="fragtbud-data-${day}.json"`);
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify(data, null, 2);
      return;
    }

    if (ctx.path === '/api/account' && ctx.method === 'DELETE') {
      const user = await options.callerOf(ctx);
      if (!user) throw domainError('unauthorized');
      // svc-identity checks it (after refusing an admin, whatever the body): the owner of the password decides.
      await readDeleteBody(ctx, async () => undefined);
      const body: unknown = ctx.request.body ?? {};
      const as = { user, requestId };
      await client('identity').post('/internal/account/erasure-check', body, as);
      await client('tasks').post('/internal/account/erasure-check', undefined, as);
      await client('identity').post('/internal/account/erase', body, as);
      options.forgetAccountState();
      clearSessionCookie(ctx);
      ctx.status = 204;
      return;
    }

    throw domainError('not_found');
  };
}
