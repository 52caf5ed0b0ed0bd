import type { DataRouter } from 'react-router';

/**
 * Settles once the router has loaded the first route's modules and data and the texts of the first
 * language are there, so the app's first render is the whole page and replaces a prerendered one
 * without a loading indicator in between. A failure on either side settles it as well: the app shows
 * its own error then.
 */
export function firstViewReady(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  initialised: Promise<unknown>,
): Promise<void> {
  const routed = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return Promise.allSettled([routed, initialised]).then(() => undefined);
}
