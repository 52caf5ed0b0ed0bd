import { expect, test as base } from '@playwright/test';

import { recordShown, routePattern } from './screen-records.js';

/**
 * The journeys' `test`: Playwright's, noting every screen the journey showed, so that the run's guard
 * (`screen-guard.ts`) can fail when one was never checked with `checkScreen`. A screen counts as shown
 * when its route set the page title: a page that only hands on (`/`, a guarded page before the sign-in)
 * sets none.
 */

/** Reports each route that sets a title of its own (the title of index.html does not count). */
const TITLE_WATCH = `(() => {
  let initial = null;
  let last = null;
  const report = () => {
    const title = document.title;
    if (!title) return;
    if (initial === null) initial = title;
    if (title === last || title === initial) return;
    last = title;
    window.__e2eScreenShown?.(location.pathname);
  };
  new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

export const test = base.extend<{ screenWatch: undefined }>({
  screenWatch: [
    async ({ context }, use, testInfo) => {
      const shown = new Set<string>();
      await context.exposeBinding('__e2eScreenShown', (_source, pathname: string) => {
        const route = routePattern(pathname);
        if (shown.has(route)) return;
        shown.add(route);
        recordShown({ route, test: testInfo.titlePath.join(' › ') });
      });
      await context.addInitScript(TITLE_WATCH);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };
