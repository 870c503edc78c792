import type { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const chatConfigSchema = baseConfigSchema;
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env: Record<string, string | undefined> = process.env): ChatConfig =>
  loadConfig(chatConfigSchema, env);
