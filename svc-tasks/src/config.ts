import { baseConfigSchema, loadConfig } from '@fragtbud/platform';
import { z } from 'zod';
import { geoConfigSchema } from './geo/config';
import { uploadsConfigSchema } from './uploads/config';

export const tasksConfigSchema = baseConfigSchema.extend({
  ...uploadsConfigSchema.shape,
  ...geoConfigSchema.shape,
});
export type TasksConfig = z.infer<typeof tasksConfigSchema>;
export const loadTasksConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(tasksConfigSchema, env);
