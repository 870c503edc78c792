import type { ReactNode } from 'react';
import { classNames } from './class-names';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** This column names the row (`<th scope="row">`), e.g. the carrier of a bid. */
  rowHeader?: boolean;
  className?: string;
  /** The column's name on each cell (`data-label`), for a layout that shows rows as cards on a phone; defaults to a text header. */
  label?: string;
}

export interface DataTableProps<T> {
  /** Names the table and its scroll region for screen readers (shown only to them). */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  className?: string;
  /** Under 640 px each row is a card, every cell under its column's name (base.css `.fb-table-wrap--cards`). */
  cardsOnPhone?: boolean;
}

const labelOf = <T,>(column: DataTableColumn<T>) => column.label ?? (typeof column.header === 'string' ? column.header : undefined);

/**
 * A data table in a scroll region that is focusable and named by the caption, so a keyboard user can scroll a wide
 * table sideways on a phone (axe: scrollable-region-focusable). Column headers are `th scope="col"`; each cell carries
 * its column's name as `data-label`, so a page may lay the rows out as cards on a narrow screen.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, className, cardsOnPhone }: DataTableProps<T>) {
  return (
    <div className={classNames('fb-table-wrap', cardsOnPhone && 'fb-table-wrap--cards')} tabIndex={0} role="region" aria-label={caption}>
      <table className={classNames('fb-table', className)}>
        <caption className="fb-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.className} data-label={labelOf(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.className} data-label={labelOf(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
