import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';

/** Error body of every API answer that is not a success. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A positive integer id taken from a path or query string. */
export const idParamSchema = z.coerce
  .number({ error: messages.invalidId })
  .int(messages.invalidId)
  .positive(messages.invalidId);

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.listPageLimitMax).default(limits.listPageLimitDefault),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const countSchema = z.object({ count: z.number().int().min(0) });
