import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const tasksConfigSchema = baseConfigSchema;
export const loadTasksConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(tasksConfigSchema, env);
