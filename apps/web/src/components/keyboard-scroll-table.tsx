import type { ReactNode } from 'react';

import { TableScrollContainer } from '../lib/native-table-scroll';
import classes from './keyboard-scroll-table.module.css';

export interface KeyboardScrollTableProps {
  /** Names the scrolling region for screen readers (the table's caption or its section's title). */
  label: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  children: ReactNode;
}

/**
 * The scroll container of a table that holds nothing focusable (figures only): on a phone it scrolls
 * sideways, so the scroller itself takes the focus, as a named region, and the arrow keys scroll it
 * (WCAG 2.1.1, axe scrollable-region-focusable). A table with links or buttons needs none of this.
 * The browser's own scrolling (lib/native-table-scroll.tsx), as every table of the app has.
 */
export function KeyboardScrollTable({ label, minWidth, children }: KeyboardScrollTableProps) {
  return (
    <TableScrollContainer
      minWidth={minWidth}
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </TableScrollContainer>
  );
}
