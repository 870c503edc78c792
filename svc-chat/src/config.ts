import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

/**
 * svc-chat asks svc-tasks (GET /internal/tasks/:id) and svc-bids (GET /internal/tasks/:id/bid-round) for the facts
 * its lock rules decide by; with either address missing (svc-chat alone, in tests) it decides by its projection, and
 * without TASKS_URL a message about a task the projection has not seen is answered 503.
 */
export const chatConfigSchema = baseConfigSchema.extend({
  TASKS_URL: z.string().url().optional(),
  BIDS_URL: z.string().url().optional(),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env: Record<string, string | undefined> = process.env): ChatConfig =>
  loadConfig(chatConfigSchema, env);
