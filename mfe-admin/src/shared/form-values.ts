import { z } from 'zod';
import { formatDanishNumberInput, isApiError, parseDanishNumber } from '@fragtbud/web';

/** A number as the admin sees it in a field: Danish decimal comma ('12,5'). */
export const numberToInput = formatDanishNumberInput;

const exponentNotation = /^\s*(-?\d+(?:[.,]\d+)?)e([+-]?\d{1,3})\s*$/i;

/**
 * The number in a field, read the Danish way ('12,5', '1.234,50'); NaN for anything else, which the schema refuses.
 * '1e12' is read as the number it is, so a huge amount gets the schema's 'too large' rather than 'must be 0 or more'.
 */
export function inputToNumber(text: string): number {
  const [, mantissa, power] = exponentNotation.exec(text) ?? [];
  if (mantissa !== undefined) return Number(`${mantissa.replace(',', '.')}e${power}`);
  return parseDanishNumber(text) ?? Number.NaN;
}

/**
 * The fee API is unavailable (spec section 7): no answer at all, a timeout, or the gateway's 502/503/504
 * for a service that is down. Other failures (400, 403, 500 …) are real answers and are shown as such.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/**
 * A form's schema for `useContractForm` when its fields are typed as text (Danish numbers: '1.234,50'): every field a
 * string, and the body they make (`toBody`) checked with the contract schema the service parses it with, its Danish
 * messages put on the field of each issue's path.
 */
export function typedTextSchema<Field extends string>(fields: readonly Field[], contract: z.ZodType, toBody: (typed: Record<Field, string>) => unknown) {
  const shape = Object.fromEntries(fields.map((field) => [field, z.string()])) as Record<Field, z.ZodString>;
  return z.object(shape).superRefine((typed, ctx) => {
    const checked = contract.safeParse(toBody(typed as Record<Field, string>));
    if (checked.success) return;
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}
