import type { z } from 'zod';
import { isApiError } from '@fragtbud/web';

/** A number as the admin types it: Danish decimal comma, no thousands separators ('12,5' ↔ 12.5). */
export function numberToInput(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

/** The number in a field the contract's schema accepted ('12,5' → 12.5); NaN for anything else. */
export function inputToNumber(text: string): number {
  const trimmed = text.trim();
  return /^[-+]?\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** The first message per top-level field of a failed zod parse, for showing beside each field. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !result[field]) result[field] = issue.message;
  }
  return result;
}

/**
 * The fee API is unavailable (spec section 7): no answer at all, a timeout, or the gateway's 502/503/504
 * for a service that is down. Other failures (400, 403, 500 …) are real answers and are shown as such.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}
