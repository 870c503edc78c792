import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const chatConfigSchema = baseConfigSchema;
export const loadChatConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(chatConfigSchema, env);
