import { baseConfigSchema, loadConfig } from '@fragtbud/platform';
import { z } from 'zod';

const serviceUrl = z.string().url().optional();

/**
 * svc-bids calls svc-ledger (POST /internal/quotes: the quote snapshot of a bid) and svc-tasks (GET /internal/tasks/:id:
 * a task it has no event of yet). Without the URL a bid cannot be placed (503), but the service still starts.
 */
export const bidsConfigSchema = baseConfigSchema.extend({
  LEDGER_URL: serviceUrl,
  TASKS_URL: serviceUrl,
});
export type BidsConfig = z.infer<typeof bidsConfigSchema>;
export const loadBidsConfig = (env: Record<string, string | undefined> = process.env): BidsConfig => loadConfig(bidsConfigSchema, env);
