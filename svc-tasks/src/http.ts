import { messages, taskIdSchema } from '@fragtbud/contracts';
import { parseIdParam } from '@fragtbud/platform';
import type { Context } from 'koa';

/** The :id of a task route; anything but a positive 32-bit integer is 400 'Ugyldigt opgave-id'. */
export function taskIdParam(ctx: Context): number {
  return parseIdParam(ctx, taskIdSchema, messages.invalidTaskId, 'invalid_task_id');
}
