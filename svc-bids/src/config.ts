import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const bidsConfigSchema = baseConfigSchema;
export const loadBidsConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(bidsConfigSchema, env);
