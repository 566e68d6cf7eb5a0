import { type ReactNode, useId } from 'react';
import styles from './Table.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface TableColumn {
  key: string;
  header: ReactNode;
  /**
   * What labels this column's cells when the rows stack as cards on a narrow screen. A string `header` is its own
   * label; give one for any other header (a column without a label shows its cells unlabelled, e.g. row actions).
   */
  label?: string;
  align?: 'start' | 'end';
  /** a CSS width, e.g. '8rem' or '20%' */
  width?: string;
}

export interface TableRow {
  key: string;
  cells: Record<string, ReactNode>;
  /** `data-*` attributes of the row (test ids, ids a page or a test finds the row by) */
  data?: Record<`data-${string}`, string>;
}

export interface TableProps {
  caption?: ReactNode;
  /** the caption is for screen readers only */
  captionHidden?: boolean;
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  /** shown in one row when there are no rows */
  empty?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** The text that labels a column's cells in the stacked (narrow) layout, if any. */
function cellLabel(column: TableColumn, columnCount: number): string | undefined {
  // one column needs no label per cell: every card is the same kind of thing
  if (columnCount < 2) return undefined;
  if (column.label != null) return column.label;
  return typeof column.header === 'string' ? column.header : undefined;
}

/**
 * A data table. On a wide box it is a table; in a narrow one (a phone; its own width, not the screen's, decides) each
 * row becomes a card and each cell carries its column's label (CSS only, the same DOM: `data-label` read by a
 * `::before`), so no column is cut off and nothing scrolls sideways.
 */
export function Table({ caption, captionHidden = false, columns, rows, empty, className, 'data-testid': testId }: TableProps) {
  const captionId = useId();
  const hasCaption = caption != null && caption !== false;
  return (
    // a section named by the caption is a region; focusable so a keyboard user can scroll it (axe: scrollable-region-focusable)
    <section
      className={[styles.scroll, className].filter(Boolean).join(' ')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: as above
      tabIndex={0}
      aria-labelledby={hasCaption ? captionId : undefined}
      data-testid={testId}
    >
      <table className={styles.table}>
        {hasCaption ? (
          <caption id={captionId} className={captionHidden ? undefined : styles.caption}>
            {captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? styles.end : undefined} style={c.width ? { width: c.width } : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty != null ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key} {...r.data}>
                {columns.map((c) => (
                  <td key={c.key} className={c.align === 'end' ? styles.end : undefined} data-label={cellLabel(c, columns.length)}>
                    {r.cells[c.key]}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
