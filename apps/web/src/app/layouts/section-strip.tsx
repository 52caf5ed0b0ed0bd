import type { ReactNode } from 'react';

import classes from './section-strip.module.css';

/**
 * Holds a row of section links (the employer portal's and the back office's sections, the profile's
 * tabs: a `<nav>` as its child). On a phone the row stays one line that scrolls sideways instead of
 * wrapping onto four (issue #48), running to the screen's edges so the cut-off link beyond shows there
 * is more; the current section starts in the strip's middle (CSS `scroll-initial-target`, no script:
 * the profile's first view is at its JavaScript budget, ADR 0010). Wider, the row wraps as before. The
 * links stay links: each page is its own address.
 */
export function SectionStrip({ children }: { children: ReactNode }) {
  return <div className={classes.strip}>{children}</div>;
}
