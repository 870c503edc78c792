const dkkNumber = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dkkWholeNumber = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });

/** What rounds to zero is shown as zero: never `-0,00 DKK` (a negated 0, or -0,004). */
function withoutNegativeZero(value: number, fractionDigits: number): number {
  return Math.abs(value) < 0.5 / 10 ** fractionDigits ? 0 : value;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** An amount in kroner as the product shows prices: `1.234,50 DKK` (two decimals, Danish format). */
export function formatDkkFromKroner(kroner: number | null | undefined): string {
  if (!isFiniteNumber(kroner)) return '–';
  return `${dkkNumber.format(withoutNegativeZero(kroner, 2))} DKK`;
}

/** An amount in øre (integer, how money is stored) shown as `1.234,50 DKK`. */
export function formatDkkFromOre(ore: number | null | undefined): string {
  if (!isFiniteNumber(ore)) return '–';
  return formatDkkFromKroner(ore / 100);
}

/** Whole kroner without decimals, for balance tables (spec section 9): `1.235 DKK`. */
export function formatWholeDkkFromKroner(kroner: number | null | undefined): string {
  if (!isFiniteNumber(kroner)) return '–';
  return `${dkkWholeNumber.format(withoutNegativeZero(kroner, 0))} DKK`;
}
