import { Link } from 'react-router-dom';

export interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

/** Page numbers around the current one, with the first and last always there: 1 … 4 5 [6] 7 8 … 20. */
export function visiblePages(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  });
  return result;
}

/** Links, not buttons: each page has its own URL, so back and reload keep it. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Sider">
      {page > 1 ? (
        <Link className="pagination__step" to={hrefFor(page - 1)} rel="prev">
          ← Forrige
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          ← Forrige
        </span>
      )}
      <ol className="pagination__pages">
        {visiblePages(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                className={entry === page ? 'pagination__page is-current' : 'pagination__page'}
                to={hrefFor(entry)}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={`Side ${entry}`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link className="pagination__step" to={hrefFor(page + 1)} rel="next">
          Næste →
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          Næste →
        </span>
      )}
    </nav>
  );
}
