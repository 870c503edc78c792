import { Readable } from 'node:stream';

/**
 * CSV for Danish Excel: UTF-8 with a byte-order mark, `;` between fields, CRLF between lines, money with a decimal
 * comma and two decimals (no thousands separator, so Excel reads a number). Written as a stream, one page of rows
 * at a time, never the whole file in memory.
 */
export type CsvCell = string | number | null | undefined;

/** Øre → '1234,50' / '-0,05'. */
export function csvMoney(ore: number | null | undefined): string {
  if (ore === null || ore === undefined) return '';
  const whole = Math.trunc(Math.abs(ore) / 100);
  const cents = Math.abs(ore) % 100;
  return `${ore < 0 ? '-' : ''}${whole},${String(cents).padStart(2, '0')}`;
}

/** One field: quoted when it holds `;`, `"` or a line break; text starting like a formula gets a leading `'`. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A number written by csvMoney ('-1,50') stays a number; any other text that Excel would run as a formula does not.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(,\d+)?$/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(';')}\r\n`;
}

/**
 * A readable CSV: the BOM and header first, then each page `nextPage(offset)` gives until one comes back shorter
 * than `pageSize`.
 */
export function csvStream<T>(options: {
  header: readonly string[];
  pageSize?: number;
  nextPage: (offset: number, limit: number) => Promise<T[]>;
  toCells: (row: T) => readonly CsvCell[];
}): Readable {
  const pageSize = options.pageSize ?? 500;
  async function* lines() {
    yield `\uFEFF${csvLine(options.header)}`;
    for (let offset = 0; ; offset += pageSize) {
      const rows = await options.nextPage(offset, pageSize);
      if (rows.length > 0) yield rows.map((row) => csvLine(options.toCells(row))).join('');
      if (rows.length < pageSize) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Headers for a CSV download named `<name>.csv`. */
export function csvHeaders(name: string): Record<string, string> {
  return { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` };
}
