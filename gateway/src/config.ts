import path from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, loadConfig, remoteBucketFromEnv, type RemoteBucketConfig } from '@fragtbud/platform';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const url = z.url();
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** An http(s) address; a blank value counts as unset. */
const optionalHttpUrl = z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional());

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  IDENTITY_URL: url.default('http://127.0.0.1:4001'),
  TASKS_URL: url.default('http://127.0.0.1:4002'),
  BIDS_URL: url.default('http://127.0.0.1:4003'),
  PAYMENTS_URL: url.default('http://127.0.0.1:4004'),
  CHAT_URL: url.default('http://127.0.0.1:4005'),
  LEDGER_URL: url.default('http://127.0.0.1:4006'),
  /** Folder holding shell/dist and each remote's dist folder. */
  STATIC_ROOT: z.string().default(repoRoot),
  REMOTE_MFE_CUSTOMER_URL: z.string().default('/remotes/mfe-customer/remoteEntry.js'),
  REMOTE_MFE_CARRIER_URL: z.string().default('/remotes/mfe-carrier/remoteEntry.js'),
  REMOTE_MFE_ADMIN_URL: z.string().default('/remotes/mfe-admin/remoteEntry.js'),
  /** Where PGlite and other local state live (embedded mode); REMOTES_DIR defaults to `<DATA_DIR>/remotes`. */
  DATA_DIR: z.string().default('data'),
  /**
   * Remotes released alone (`npm run remote:publish`): `<name>/<version>/` folders and manifest.json. A remote listed
   * there is served from it; one never published falls back to the built-in build (REMOTE_MFE_*_URL).
   */
  REMOTES_DIR: z.preprocess(blankAsUnset, z.string().optional()),
  /**
   * Remote releases in object storage: `npm run remote:publish` uploads to this bucket (under REMOTES_S3_PREFIX,
   * default `remotes/`) and each gateway replica pulls what its manifest names into REMOTES_DIR. The connection is
   * the uploads' one: S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY.
   */
  REMOTES_S3_BUCKET: z.preprocess(blankAsUnset, z.string().min(3).optional()),
  REMOTES_S3_PREFIX: z.preprocess(blankAsUnset, z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'folders ending in /, e.g. remotes/').optional()),
  S3_REGION: z.preprocess(blankAsUnset, z.string().optional()),
  S3_ENDPOINT: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUnset, z.enum(['true', 'false']).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  /** How long the gateway trusts its last look at REMOTES_DIR/manifest.json before checking it again (≤ 5 s). */
  REMOTES_CHECK_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
  /** Origins (comma-separated) remotes may be loaded from besides the site's own; the CSP allows only these. */
  REMOTE_ORIGINS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((list) => (list ?? '').split(',').map((item) => item.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((item) => new URL(item).origin))),
  ),
  /** How long a resolved session is reused before asking svc-identity again. */
  /** The company shown in the footer and on the legal pages (GET /api/site); unset optional keys are left out. */
  SITE_COMPANY_NAME: z.string().max(200).default('Fragtbud'),
  SITE_CVR: z.string().regex(/^\d{8}$/).optional(),
  SITE_ADDRESS: z.string().max(300).optional(),
  SITE_EMAIL: z.email().default('kontakt@fragtbud.dk'),
  SITE_PHONE: z.string().max(40).optional(),
  /**
   * The interactive route map on the task page (issue 13 item 8), handed to the browser by GET /api/site: a MapLibre
   * GL style JSON (e.g. an OpenStreetMap-based one or Dataforsyningen's), and an OSRM-compatible routing service
   * (`GET {ROUTING_URL}/route/v1/driving/{lon},{lat};{lon},{lat}`). Without MAP_STYLE_URL, or when the map cannot
   * load, the page keeps the offline route drawing; without ROUTING_URL the map joins the two stops with a line.
   */
  MAP_STYLE_URL: optionalHttpUrl,
  ROUTING_URL: optionalHttpUrl,
  /** Origins (comma-separated) the style fetches tiles, glyphs and sprites from; the CSP allows them with the two above. */
  MAP_EXTRA_ORIGINS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((list) => (list ?? '').split(',').map((item) => item.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((item) => new URL(item).origin))),
  ),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Longest an anonymous public answer (`public, s-maxage`) is answered from the gateway's memory; 0: never. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Requests per minute per client address on /api. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Upper bound for request bodies passed through to services (uploads included). */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
  /**
   * How many reverse proxies in front of the gateway append to X-Forwarded-For (0: none, the socket's address is
   * the client). With N, the client is the N-th entry from the right and X-Forwarded-Proto/-Host are believed.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Replaced by TRUST_PROXY_HOPS: a boolean let the client pick its own address. Refused so nobody relies on it. */
  TRUST_PROXY: z.undefined({ error: 'TRUST_PROXY is gone: set TRUST_PROXY_HOPS to the number of proxies in front (0, 1, …)' }).optional(),
  /** GET /api/events: comment heartbeat (and session re-check) interval. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(25_000),
  /** Open event streams per user on one gateway; a new one closes the oldest. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(50).default(5),
  /** Open event streams per client address on one gateway, all users together; one more is refused with 429. */
  LIVE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Events kept for Last-Event-ID replay: at most this many, none older than LIVE_REPLAY_MS. */
  LIVE_REPLAY_EVENTS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  LIVE_REPLAY_MS: z.coerce.number().int().min(1_000).default(10 * 60_000),
  HSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** What GET /api/site tells the browser about the map: null when no map service is configured. */
export function mapSettingsOf(config: GatewayConfig): { styleUrl: string; routingUrl: string | null } | null {
  return config.MAP_STYLE_URL ? { styleUrl: config.MAP_STYLE_URL, routingUrl: config.ROUTING_URL ?? null } : null;
}

/** Origins outside our own the pages may reach for the map (CSP connect-src, img-src); none without a map. */
export function mapOriginsOf(config: GatewayConfig): string[] {
  if (!config.MAP_STYLE_URL) return [];
  const origins = [config.MAP_STYLE_URL, config.ROUTING_URL].filter((item): item is string => !!item).map((item) => new URL(item).origin);
  return [...new Set([...origins, ...config.MAP_EXTRA_ORIGINS])];
}

/** REMOTES_DIR, or `<DATA_DIR>/remotes`, as an absolute path. */
export function remotesDirOf(config: GatewayConfig): string {
  return path.resolve(config.REMOTES_DIR ?? path.join(config.DATA_DIR, 'remotes'));
}

/** The bucket remote releases are pulled from, or null when they live in REMOTES_DIR alone. */
export function remoteBucketOf(config: GatewayConfig): RemoteBucketConfig | null {
  return remoteBucketFromEnv({
    REMOTES_S3_BUCKET: config.REMOTES_S3_BUCKET,
    REMOTES_S3_PREFIX: config.REMOTES_S3_PREFIX,
    S3_REGION: config.S3_REGION,
    S3_ENDPOINT: config.S3_ENDPOINT,
    S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE,
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
  });
}

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
