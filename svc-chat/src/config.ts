import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

/**
 * svc-chat calls svc-tasks (GET /internal/tasks/:id) only for a task its projection has not seen an event of yet;
 * without TASKS_URL such a message is answered 503, everything else works.
 */
export const chatConfigSchema = baseConfigSchema.extend({
  TASKS_URL: z.string().url().optional(),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env: Record<string, string | undefined> = process.env): ChatConfig =>
  loadConfig(chatConfigSchema, env);
