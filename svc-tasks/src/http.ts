import { messages, taskIdSchema } from '@fragtbud/contracts';
import { parseIdParam } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { TasksConfig } from './config';

/** The :id of a task route; anything but a positive 32-bit integer is 400 'Ugyldigt opgave-id'. */
export function taskIdParam(ctx: Context): number {
  return parseIdParam(ctx, taskIdSchema, messages.invalidTaskId, 'invalid_task_id');
}

/**
 * Cache-Control of an answer that is the same for everyone (anonymous browse, the home page's ratings): browsers
 * revalidate every time, while a shared cache in front (the gateway, a CDN) may keep it as long as this service's
 * own browse cache may lag behind another replica's change (BROWSE_CACHE_MS, in whole seconds).
 */
export function sharedAnswerCacheControl(config: Pick<TasksConfig, 'BROWSE_CACHE_MS'>): string {
  const seconds = Math.floor(config.BROWSE_CACHE_MS / 1000);
  return seconds > 0 ? `public, max-age=0, must-revalidate, s-maxage=${seconds}` : 'public, no-cache';
}
