import type { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fragtbud/platform';

export const ledgerConfigSchema = baseConfigSchema;
export type LedgerConfig = z.infer<typeof ledgerConfigSchema>;

export const loadLedgerConfig = (env: Record<string, string | undefined> = process.env): LedgerConfig =>
  loadConfig(ledgerConfigSchema, env);
