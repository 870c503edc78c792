/**
 * The one parser for numbers a user types (money, weights, sizes, percentages), read the Danish way:
 *
 * - decimal comma: `12,50` → 12.5
 * - thousands in groups of three, with dots or spaces (also no-break spaces): `1.234,50`, `1 234,5`, `1.234` → 1234
 * - a plain decimal point where it cannot be a thousands separator: `12.5`, `0.75` → 12.5, 0.75
 * - an optional leading minus; surrounding spaces ignored
 *
 * Anything else is refused with null: letters, two decimal marks, badly grouped thousands (`1.23.4`), an empty field.
 * A lone dot followed by exactly three digits (`1.500`) is a thousands separator, as a Dane writes it.
 */
export function parseDanishNumber(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (!text) return null;
  const match = /^(-?)(\d[\d. ]*)(?:,(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, commaDecimals] = match;
  let integerPart: string;
  let decimals = commaDecimals ?? '';
  if (commaDecimals !== undefined || /^\d{1,3}([. ]\d{3})+$/.test(whole) || /^\d+$/.test(whole)) {
    // With a decimal comma every dot or space is a thousands separator, in groups of three.
    if (!/^\d+$/.test(whole) && !/^\d{1,3}(?:\.\d{3})+$/.test(whole) && !/^\d{1,3}(?: \d{3})+$/.test(whole)) return null;
    integerPart = whole.replace(/[. ]/g, '');
  } else {
    // No comma: one decimal point (`12.5`), or thousands with spaces and a decimal point (`1 234.5`).
    const point = /^(\d+|\d{1,3}(?: \d{3})+)\.(\d+)$/.exec(whole);
    if (!point) return null;
    integerPart = point[1].replace(/ /g, '');
    decimals = point[2];
  }
  const value = Number(`${sign}${integerPart}${decimals ? `.${decimals}` : ''}`);
  return Number.isFinite(value) ? value : null;
}
