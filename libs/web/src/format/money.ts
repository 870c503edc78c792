const dkkNumber = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dkkWholeNumber = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** An amount in kroner as the product shows prices: `1.234,50 DKK` (two decimals, Danish format). */
export function formatDkkFromKroner(kroner: number | null | undefined): string {
  if (!isFiniteNumber(kroner)) return '–';
  return `${dkkNumber.format(kroner)} DKK`;
}

/** An amount in øre (integer, how money is stored) shown as `1.234,50 DKK`. */
export function formatDkkFromOre(ore: number | null | undefined): string {
  if (!isFiniteNumber(ore)) return '–';
  return formatDkkFromKroner(ore / 100);
}

/** Whole kroner without decimals, for balance tables (spec section 9): `1.235 DKK`. */
export function formatWholeDkkFromKroner(kroner: number | null | undefined): string {
  if (!isFiniteNumber(kroner)) return '–';
  return `${dkkWholeNumber.format(kroner)} DKK`;
}
