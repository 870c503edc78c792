import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Used when no INTERNAL_TOKEN_SECRET is configured outside production: every service in this process shares it. */
const processTokenSecret = randomBytes(32).toString('hex');

export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
    .optional(),
  PGLITE_DIR: z.string().optional(),
  NATS_URL: z.string().optional(),
  BUS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .optional(),
  INTERNAL_TOKEN_SECRET: z.string().min(32).default(processTokenSecret),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;
type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError listing every missing or wrong key. */
export function loadConfig<S extends z.ZodType<BaseConfig>>(schema: S, env: Env = process.env): z.infer<S> {
  const cleaned = withoutEmptyValues(env);
  const result = schema.safeParse(cleaned);
  const problems = result.success ? [] : result.error.issues.map(describeIssue);
  if (cleaned.NODE_ENV === 'production' && !cleaned.INTERNAL_TOKEN_SECRET) {
    problems.push('INTERNAL_TOKEN_SECRET: required in production');
  }
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/** `KEY=` in an .env file means "not set", not "set to the empty string". */
function withoutEmptyValues(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.join('.') || '(root)';
  return `${key}: ${issue.message}`;
}
