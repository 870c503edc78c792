import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const ledgerConfigSchema = baseConfigSchema;
export const loadLedgerConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(ledgerConfigSchema, env);
