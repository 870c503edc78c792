import type { Access, ApiRoute, AuthUser, ServiceName } from '@fragtbud/contracts';
import { apiRoutes, messages } from '@fragtbud/contracts';
import { z } from 'zod';
import { testCaller } from './testing';

/**
 * For the tests that walk the contract's route registry (libs/contracts api-routes.ts) against a running service:
 * its routes, who may call each one, who may not, a concrete path, and the top-level keys its body/query know.
 */
export function registeredRoutes(service: ServiceName): ApiRoute[] {
  return apiRoutes.filter((route) => route.service === service);
}

/** `/finance/payouts/{id}/status` → `/finance/payouts/1/status`. */
export const concretePath = (route: ApiRoute, id: string | number = 1): string => route.path.replace(/\{[^}]+\}/g, String(id));

/** A caller the route's access admits (null = anonymous). */
export function allowedCaller(access: Access): AuthUser | null {
  switch (access) {
    case 'anyone':
      return null;
    case 'carrier':
      return testCaller('carrier');
    case 'customer':
      return testCaller('customer');
    default:
      return testCaller('admin');
  }
}

/**
 * Logged-in callers the route's access refuses with 403: the other roles of an admin route, the other side of a
 * customer or carrier route (whether an admin may act for them is each route's own rule, tested with the route).
 */
export function refusedCallers(access: Access): AuthUser[] {
  switch (access) {
    case 'admin':
      return [testCaller('customer'), testCaller('carrier')];
    case 'carrier':
      return [testCaller('customer')];
    case 'customer':
      return [testCaller('carrier')];
    default:
      return [];
  }
}

/** The top-level keys an object schema (possibly wrapped in a refinement or pipe) knows; [] when it is not one. */
export function schemaKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { def?: { in?: unknown; out?: unknown; schema?: unknown; innerType?: unknown } }).def;
    current = def?.out instanceof z.ZodObject ? def.out : (def?.in ?? def?.schema ?? def?.innerType);
  }
  return [];
}

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options?: { as?: AuthUser | null; raw?: string },
) => Promise<{ status: number; body: any }>;

/**
 * Random bodies and query strings (fast-check) against one registered route, as a caller its access admits: never a
 * 500, never an unknown route, every refusal a text of the Danish catalogue, every success matching the route's
 * registered response schema. Throws (an assertion error of fast-check) on the first counterexample.
 */
export async function fuzzRegisteredRoute(call: Call, route: ApiRoute, options: { numRuns?: number } = {}): Promise<void> {
  // fast-check is a development dependency: loaded only when a test fuzzes, never by a running service.
  const { default: fc } = await import('fast-check');
  const fuzzValue = fc.oneof(
    fc.jsonValue(),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.constantFrom('', '\u0000', '1e400', '-0', 'NaN', '12,5', ' 7 ', '0x10', '-1', '2026-02-30', '99999999999'),
  );
  const catalogue = new Set<string>(Object.values(messages));
  const as = allowedCaller(route.access);
  const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...schemaKeys(route.body), 'x'), fuzzValue));
  const query = fc.dictionary(
    fc.constantFrom(...schemaKeys(route.query), 'x'),
    fc.oneof(fc.string(), fc.constantFrom('1', '-1', 'abc', '2026-01-01', '', 'transaction')),
  );
  const method = route.method.toUpperCase() as 'GET';
  await fc.assert(
    fc.asyncProperty(body, query, async (b, q) => {
      const search = new URLSearchParams(q).toString();
      const path = `${concretePath(route)}${search ? `?${search}` : ''}`;
      const reply = await call(method, path, route.method === 'get' ? { as } : { as, raw: JSON.stringify(b) ?? 'null' });
      const fail = (why: string) => new Error(`${route.method.toUpperCase()} ${path}: ${why} (${reply.status} ${JSON.stringify(reply.body)})`);
      if (reply.status >= 500) throw fail('a 500');
      if (reply.body?.code === 'not_found') throw fail('not served here');
      if (reply.status >= 400 && !catalogue.has(reply.body?.message)) throw fail('a refusal outside the catalogue');
      if (reply.status < 400 && route.response && typeof reply.body === 'object' && !route.response.safeParse(reply.body).success) {
        throw fail('an answer outside the registered response schema');
      }
    }),
    { numRuns: options.numRuns ?? 25 },
  );
}

/** Anonymous → 401 (unless anyone may call), each role the route's access refuses → 403 'Du har ikke adgang …'. */
export async function checkRouteAccess(call: Call, route: ApiRoute): Promise<void> {
  const method = route.method.toUpperCase() as 'GET';
  const path = concretePath(route);
  const withBody = (as: AuthUser | null) => (route.method === 'get' ? { as } : { as, raw: '{}' });
  if (route.access !== 'anyone') {
    const reply = await call(method, path, withBody(null));
    if (reply.status !== 401) throw new Error(`${method} ${path} anonymously: ${reply.status}, not 401`);
  }
  for (const caller of refusedCallers(route.access)) {
    const reply = await call(method, path, withBody(caller));
    if (reply.status !== 403 || reply.body?.message !== messages.forbidden) {
      throw new Error(`${method} ${path} as ${caller.role}: ${reply.status} ${JSON.stringify(reply.body)}, not 403`);
    }
  }
}
