import path from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const url = z.url();

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
  /** How long a resolved session is reused before asking svc-identity again. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Requests per minute per client address on /api. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Upper bound for request bodies passed through to services (uploads included). */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  HSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
