import { baseConfigSchema, loadConfig } from '@fragtbud/platform';
import { z } from 'zod';
import { geoConfigSchema } from './geo/config';
import { checkUploadsConfig, uploadsConfigSchema } from './uploads/config';

export const tasksConfigSchema = baseConfigSchema.extend({
  ...uploadsConfigSchema.shape,
  ...geoConfigSchema.shape,
  /** How long an anonymous first page of browse is answered from memory (0: never); writes clear it at once. */
  BROWSE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
}).superRefine(checkUploadsConfig);
export type TasksConfig = z.infer<typeof tasksConfigSchema>;
export const loadTasksConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(tasksConfigSchema, env);
