import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type Key,
  type ReactElement,
  type ReactNode,
} from 'react';
import { formatDigits } from '../lib/format.ts';

export interface DataTableProps<Row> {
  /** The column headings, after the '#' column when the rows are numbered. */
  columns: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** One row's cells (its number cell comes first when numbered). */
  cells: (row: Row) => ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Start each row with its 1-based number under '#'. */
  numbered?: boolean;
  /** More Bulma table classes ('is-narrow'). */
  className?: string;
  /** A caption for screen readers only. */
  caption?: string;
  /**
   * More about a row, in a row of its own under it across the whole table width: long values
   * wrap there instead of squeezing a last column off the screen.
   */
  details?: (row: Row) => ReactNode;
}

/**
 * Each cell named by its column (data-label): on phones the rows show as cards, one labelled line
 * per cell, so no column (an Accept or Remove button) is pushed off-screen.
 */
function labelled(cells: ReactNode, labels: readonly string[]): ReactNode[] {
  const list =
    isValidElement<{ children?: ReactNode }>(cells) && cells.type === Fragment ? cells.props.children : cells;
  return Children.toArray(list).map((cell, index) =>
    isValidElement(cell)
      ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': labels[index] })
      : cell,
  );
}

/** The dashboard's striped, full-width table, or a note when there is nothing to list. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  cells,
  empty,
  numbered = true,
  className,
  caption,
  details,
}: DataTableProps<Row>) {
  const width = columns.length + (numbered ? 1 : 0);
  if (rows.length === 0) return <p className="notification is-light">{empty}</p>;
  return (
    <div className="table-container">
      <table
        className={`table is-fullwidth ${details ? 'has-row-details' : 'is-striped'} is-stacked-on-phones${className ? ` ${className}` : ''}`}
      >
        {caption && <caption className="is-sr-only">{caption}</caption>}
        <thead>
          <tr>
            {numbered && <th>#</th>}
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <Fragment key={rowKey(row)}>
              <tr className={details ? 'has-details' : undefined}>
                {numbered && <td data-label="#">{formatDigits(index + 1)}</td>}
                {labelled(cells(row), columns)}
              </tr>
              {details && (
                <tr className="row-details">
                  <td colSpan={width}>{details(row)}</td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
