import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

/** What Mantine's Table.ScrollContainer takes, as the app uses it. */
interface TableScrollContainerProps extends HTMLAttributes<HTMLDivElement> {
  /** Below this width (pixels, or any CSS length) the table scrolls sideways. */
  minWidth: number | string;
  /** Taller tables scroll inside. */
  maxHeight?: number | string;
  children?: ReactNode;
  /** Mantine's choice between its ScrollArea and the browser's scrolling: here always the browser's. */
  type?: 'native' | 'scrollarea';
  /** Read only by Mantine's ScrollArea, which is not used. */
  scrollAreaProps?: unknown;
}

/**
 * Mantine's Table.ScrollContainer as Mantine renders it with `type="native"`: the browser's own
 * scrolling. vite.config.ts puts it in place of Mantine's, which imports its ScrollArea into every
 * Table: drawn scrollbars, a resize observer and a debounce, about 6 KB gzip on the vehicle page's first
 * view, for tables that scroll only on a narrow screen. Tables look and scroll alike everywhere.
 */
export function TableScrollContainer({
  minWidth,
  maxHeight,
  children,
  style,
  type: _type,
  scrollAreaProps: _scrollAreaProps,
  ...others
}: TableScrollContainerProps) {
  const scroller: CSSProperties = { overflowX: 'auto', ...(maxHeight === undefined ? {} : { overflowY: 'auto' }) };
  return (
    <div {...others} style={{ ...scroller, ...style }}>
      <div style={{ minWidth, maxHeight }}>{children}</div>
    </div>
  );
}
