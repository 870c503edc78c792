const dateFormat = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const longDateFormat = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const dateTimeFormat = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Copenhagen',
});

const monthFormat = new Intl.DateTimeFormat('da-DK', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('da-DK', { month: 'short', year: 'numeric', timeZone: 'UTC' });

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `21.11.2026` */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '–';
}

/** `21. november 2026` */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  return date ? longDateFormat.format(date) : '–';
}

/** `21.11.2026 14.05` */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '–';
}

/** A calendar month as the API names it (`2026-11`, or a date in it) as a date of that month in UTC; null if not one. */
function monthOf(month: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(month?.trim() ?? '');
  if (!match) return null;
  const index = Number(match[2]) - 1;
  return index >= 0 && index < 12 ? new Date(Date.UTC(Number(match[1]), index, 15)) : null;
}

/** `2026-11` → `november 2026` */
export function formatMonth(month: string | null | undefined): string {
  const date = monthOf(month);
  return date ? monthFormat.format(date) : '–';
}

/** `2026-11` → `nov. 2026`, where room is short (a chart's axis). */
export function formatShortMonth(month: string | null | undefined): string {
  const date = monthOf(month);
  return date ? shortMonthFormat.format(date) : '–';
}
