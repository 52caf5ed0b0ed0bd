import { Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

import classes from './responsive-table.module.css';

/** One column: its heading on a wide screen, the name beside (or above) each value on a phone. */
export interface ResponsiveColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: aligned to the end, tabular digits, never wrapped. */
  numeric?: boolean;
  /** The row's name (a row header): the card's title across its top on a phone. One column at most. */
  rowHeader?: boolean;
  /** On a phone the cell shows without its column's name: its content names itself (buttons with their own labels). */
  unlabelledOnPhone?: boolean;
}

/** Data attributes of a row (`data-testid`, `data-employee-id`, …) for tests and styling. */
export type RowAttributes = Partial<Record<`data-${string}`, string | number>>;

export interface ResponsiveTableProps<Row> {
  /** The table's caption; also names the scrolling region of a table without links or buttons. */
  caption: string;
  columns: readonly ResponsiveColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowAttributes?: (row: Row) => RowAttributes;
  /** `data-testid` of the table element. */
  testId?: string;
  /**
   * On a phone: `list` stacks each cell on its own line with its column's name beside it (a person,
   * an order); `figures` puts the row's name across the top and its figures side by side below it,
   * each under its column's name (before / after / difference).
   */
  phoneLayout?: 'list' | 'figures';
  /** Wider than a phone but narrower than this (pixels), the table scrolls sideways. */
  minWidth?: number;
  /**
   * The table holds no link or button: the scroller then takes the focus itself, as a named region,
   * so a keyboard can scroll it where it is wider than the screen (WCAG 2.1.1).
   */
  focusableScroller?: boolean;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: number | 'xs' | 'sm' | 'md';
}

/**
 * A table on a wide screen, rows of cards on a phone: one table element whose rows reflow by CSS
 * (a container query on the table's own width), so there is one copy of every row, link and test id,
 * nothing is switched by script after the first paint (no layout shift), and the page never scrolls
 * sideways on a phone. The column headings stay in the table for screen readers; on a phone each cell
 * also shows its column's name, drawn by CSS and left out of what is read (`content: … / ""`), so a
 * screen reader hears the heading once, from the table.
 */
export function ResponsiveTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowAttributes,
  testId,
  phoneLayout = 'list',
  minWidth = 0,
  focusableScroller = false,
  striped = false,
  highlightOnHover = false,
  verticalSpacing = 'sm',
}: ResponsiveTableProps<Row>) {
  const figureColumns = columns.filter((column) => !column.rowHeader).length;
  const style = {
    '--responsive-table-min-width': `${String(minWidth)}px`,
    '--responsive-table-figures': String(Math.max(1, figureColumns)),
  } as CSSProperties;
  const region = focusableScroller ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {};
  return (
    <div className={classes.root} style={style}>
      <div className={classes.scroller} {...region}>
        <Table
          // Explicit roles: a table whose rows are laid out as blocks keeps its semantics in every browser.
          role="table"
          className={`${classes.table} ${phoneLayout === 'figures' ? classes.figures : classes.list}`}
          striped={striped}
          highlightOnHover={highlightOnHover}
          verticalSpacing={verticalSpacing}
          data-testid={testId}
        >
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead role="rowgroup">
            <Table.Tr role="row">
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  scope="col"
                  role="columnheader"
                  className={column.numeric ? classes.numeric : undefined}
                >
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} role="row" {...rowAttributes?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <Table.Th key={column.key} scope="row" role="rowheader" className={classes.rowHeader}>
                      {column.cell(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td
                      key={column.key}
                      role="cell"
                      data-label={column.unlabelledOnPhone ? undefined : column.header}
                      className={column.numeric ? classes.numeric : undefined}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
}
