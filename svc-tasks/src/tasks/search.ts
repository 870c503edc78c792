import type { TaskListFilter } from './repo';

const maxTerms = 8;

/**
 * Free text → a prefix tsquery over the chosen search vector ('danish' configuration), plus the task id when the
 * text is a number ('123' or '#123'). Only letters and digits reach the tsquery, so no tsquery syntax can be injected.
 */
export function searchOf(q: string, column: 'search_public' | 'search_full'): NonNullable<TaskListFilter['search']> {
  const idMatch = /^#?\s*(\d{1,9})$/.exec(q.trim());
  const id = idMatch ? Number(idMatch[1]) : null;
  const terms = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxTerms);
  const tsquery = terms.length > 0 ? terms.map((term) => `${term}:*`).join(' & ') : null;
  return { column, tsquery, id: id !== null && id > 0 && id <= 2_147_483_647 ? id : null };
}
