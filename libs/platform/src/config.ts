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
  /** Copies of each JetStream stream: 1 on one NATS server, 3 on a three-node cluster (deploy/k8s). */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * Days an event stays in its stream; unset: forever (the NATS volume fills, docs/capacity.md). Keep it longer than
   * any consumer may be down and than the outbox's 7-day replay window.
   */
  NATS_STREAM_MAX_AGE_DAYS: z.coerce.number().int().min(8).max(3650).optional(),
  /** Run the migrations and exit (a Kubernetes Job before a rollout); the service does not listen. */
  MIGRATE_ONLY: flag(),
  /** Start without running migrations (replicas after the migrations Job, so none races another for the lock). */
  SKIP_MIGRATIONS: flag(),
});

function flag() {
  return z
    .enum(['1', '0', 'true', 'false'], { error: 'use true/false (or 1/0)' })
    .optional()
    .transform((value) => value === '1' || value === 'true');
}

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
  if (cleaned.NODE_ENV === 'production') problems.push(...productionProblems(schema, cleaned));
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/**
 * Keys whose development default is wrong in production, so production must be given them: the internal token
 * secret, and the site's public origin wherever a service builds links or return URLs with it (a default would
 * send every e-mail link to http://localhost:8080).
 */
function productionProblems(schema: z.ZodType, env: Env): string[] {
  const problems: string[] = [];
  if (!env.INTERNAL_TOKEN_SECRET) problems.push('INTERNAL_TOKEN_SECRET: required in production');
  if (hasKey(schema, 'PUBLIC_ORIGIN') && !env.PUBLIC_ORIGIN) {
    problems.push("PUBLIC_ORIGIN: required in production (the site's address, e.g. https://fragtbud.dk, used in e-mail links)");
  }
  return problems;
}

function hasKey(schema: z.ZodType, key: string): boolean {
  return schema instanceof z.ZodObject && key in schema.shape;
}

/**
 * For a process's `main.ts`: loads the config, or — when it is invalid — writes one log line per problem naming
 * the variable, in Danish and English, and exits with code 1 (an orchestrator shows the reason, not a stack trace).
 */
export function loadConfigOrExit<T>(
  name: string,
  load: () => T,
  { write = (line: string) => process.stderr.write(line), exit = (code: number) => process.exit(code) }: {
    write?: (line: string) => void;
    exit?: (code: number) => never | void;
  } = {},
): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) {
      const variable = problem.slice(0, problem.indexOf(':'));
      const line = { level: 60, time: Date.now(), service: name, name, variable, msg: `Ugyldig konfiguration / invalid configuration: ${problem}` };
      write(`${JSON.stringify(line)}\n`);
    }
    exit(1);
    throw error;
  }
}

/** `KEY=` in an .env file means "not set", not "set to the empty string". */
function withoutEmptyValues(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.join('.') || '(root)';
  return `${key}: ${issue.message}`;
}
