import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const paymentsConfigSchema = baseConfigSchema;
export const loadPaymentsConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(paymentsConfigSchema, env);
