import { z } from 'zod';
import { apiRoutes, errorBodySchema, sessionCookieNames, sessionTransportHeader, type ApiRoute } from '@fragtbud/contracts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

const accessText: Record<ApiRoute['access'], string> = {
  anyone: 'Alle',
  logged_in: 'Indloggede brugere',
  admin: 'Administratorer',
  admin_or_self: 'Administratorer eller brugeren selv',
  carrier: 'Vognmænd',
  customer: 'Kunder',
};

/** Routes that open a session: the token is in the JSON only when the client asks for it. */
const sessionOpening = new Set(['/auth/login', '/auth/register']);
const sessionTransportParameter = {
  name: sessionTransportHeader,
  in: 'header',
  required: false,
  description:
    'API-klienter: sæt "bearer" for at få sessionens token i svaret (send det siden som Authorization: Bearer). ' +
    'Browsere bruger kun den HttpOnly-cookie, som altid sættes.',
  schema: { type: 'string', enum: ['bearer'] },
};

/** Path parameters that are names or keys rather than numeric ids. */
const textPathParameters = new Set(['key', 'type', 'paymentIntentId']);

function operation(route: ApiRoute) {
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: textPathParameters.has(name ?? '') ? { type: 'string' } : { type: 'integer', minimum: 1 },
  }));
  const query = route.query ? toSchema(route.query, 'input') : undefined;
  const queryParameters = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query?.required?.includes(name) ?? false,
    schema,
  }));
  const success = String(route.status ?? 200);
  return {
    summary: route.summary,
    description: `Adgang: ${accessText[route.access]}. Tjeneste: ${route.service}.`,
    tags: [route.service],
    parameters: [...pathParameters, ...queryParameters, ...(sessionOpening.has(route.path) ? [sessionTransportParameter] : [])],
    ...(route.body && {
      requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } },
    }),
    responses: {
      [success]: route.response
        ? { description: 'OK', content: { 'application/json': { schema: toSchema(route.response, 'output') } } }
        : { description: 'OK' },
      default: { description: 'Fejl', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/** The HTTP contract of shared/API.md as OpenAPI, generated from the zod schemas in libs/contracts. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of apiRoutes) {
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Fragtbud API',
      version: '0.1.0',
      description:
        'Alle kald går gennem gatewayen under /api. Fejl har formen {code, message, details?}. ' +
        `Sessionen bæres af cookien ${sessionCookieNames.secure} (HTTPS) eller ${sessionCookieNames.plain} (HTTP), ` +
        `eller af Authorization: Bearer for API-klienter, der har bedt om tokenet med ${sessionTransportHeader}: bearer.`,
    },
    servers: [{ url: '/api' }],
    components: {
      schemas: { Error: toSchema(errorBodySchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: sessionCookieNames.plain },
        secureCookie: { type: 'apiKey', in: 'cookie', name: sessionCookieNames.secure },
      },
    },
    security: [{ bearer: [] }, { cookie: [] }, { secureCookie: [] }],
    paths,
  };
}
