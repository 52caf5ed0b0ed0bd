import type { DataRouter } from 'react-router';

/**
 * How long the app's first render waits for the data its first view asks for before it shows the
 * page's skeletons instead: long enough for an answer on a phone line, short enough that a slow
 * server does not keep the page blank.
 */
export const FIRST_VIEW_DATA_WAIT_MS = 1000;

type RouterState = Pick<DataRouter, 'state' | 'subscribe'>;

export interface FirstView {
  /**
   * A route's preload of the data its page shows first (app/route-preload.ts). Until the first view
   * is ready its render waits for it, briefly; later navigations do not wait.
   */
  awaitData(data: Promise<unknown>): void;
  /**
   * Settles once the router has loaded the first route's modules, the texts of the first language are
   * there and the preloaded data has come (or `dataWaitMs` has passed), so the app's first render is
   * the whole page at once. A failure on any side settles it as well: the app shows its own error then.
   */
  ready(router: RouterState, initialised: Promise<unknown>, dataWaitMs?: number): Promise<void>;
}

/**
 * Why wait: a first render that starts before the data is there is thrown away when the data comes in
 * the middle of it. React builds a render in a transition in slices; when a store read with
 * `useSyncExternalStore` (TanStack Query's cache) changes between two slices, it renders everything
 * again in one piece to stay consistent, the longest task of the load on a phone. Rendering once,
 * with the data, also paints the page in one go instead of skeletons first.
 */
export function createFirstView(): FirstView {
  const pending: Promise<unknown>[] = [];
  let shown = false;
  return {
    awaitData(data) {
      if (!shown) pending.push(data);
    },
    ready(router, initialised, dataWaitMs = FIRST_VIEW_DATA_WAIT_MS) {
      const routed = new Promise<void>((resolve) => {
        if (router.state.initialized) return resolve();
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      });
      return Promise.allSettled([routed, initialised])
        .then(() => settledOrTimedOut(pending, dataWaitMs))
        .finally(() => {
          shown = true;
          pending.length = 0;
        });
    },
  };
}

function settledOrTimedOut(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([Promise.allSettled(promises).then(() => undefined), timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** The app's first view (src/main.tsx waits for it, the routes' preloads report to it). */
export const firstView = createFirstView();
