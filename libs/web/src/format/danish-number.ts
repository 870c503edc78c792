// The one parser for numbers a user types lives in contracts, so the services read API input the same way.
export { parseDanishNumber } from '@fragtbud/contracts';

/** A number as the fields show it again: decimal comma, no thousands separators (`12.5` → `12,5`). */
export function formatDanishNumberInput(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

/**
 * A whole number a user typed (a count, a floor): digits, optionally grouped in thousands (`1.500`, `1 500`).
 * Anything with a decimal part (`2,5`, `2.5`, even `1,0`) is refused with null, never rounded or read as another number.
 */
export function parseDanishWholeNumber(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (!/^-?(?:\d+|\d{1,3}(?:\.\d{3})+|\d{1,3}(?: \d{3})+)$/.test(text)) return null;
  const value = Number(text.replace(/[. ]/g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

const displayFormats = new Map<number, Intl.NumberFormat>();

/** A number for reading (not for an input): thousands dots and a decimal comma, `12000` → `12.000`, `1250.75` → `1.250,75`. */
export function formatDanishNumber(value: number | null | undefined, maximumFractionDigits = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  let format = displayFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('da-DK', { maximumFractionDigits });
    displayFormats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}

const coordinateFormat = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false });

/** A GPS position the Danish way, decimal commas and compass letters: `55,64150° N, 12,08030° Ø`. */
export function formatPosition(lat: number, lng: number): string {
  const part = (value: number, positive: string, negative: string) => `${coordinateFormat.format(Math.abs(value))}° ${value < 0 ? negative : positive}`;
  return `${part(lat, 'N', 'S')}, ${part(lng, 'Ø', 'V')}`;
}
