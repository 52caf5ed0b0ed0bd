import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { authStore } from '../lib/auth-store';
import { firstView } from '../lib/first-view-ready';

/** Starts a page's first queries; a route module exports it as `preload`. */
export type DataPreload = (args: LoaderFunctionArgs, client: QueryClient) => Promise<unknown>;

export interface RoutePreload {
  /**
   * The route's own module (the one its `lazy` loads, so no chunk is added), for its `preload`. Only
   * for a signed-in visitor: anyone else is sent to /login, where the answers would be refused.
   */
  data: () => Promise<{ preload: DataPreload }>;
  /** The cache the page reads; by default the signed-in layout's, loaded with it. */
  queryClient?: () => Promise<QueryClient>;
}

const signedInCache = () => import('./layouts/main-layout').then((layout) => layout.queryClient);

/**
 * A route's loader that waits for nothing: it starts the page's data as soon as the route's code is
 * there, instead of after the page's first render (ADR 0022). The page reads the same cache entries and
 * finds them there or under way. A failure here is no failure of the page: it asks again. Only the
 * app's very first render waits for it, briefly (lib/first-view-ready.ts); a navigation shows the
 * page's skeletons at once.
 */
export function preloadRoute({ data, queryClient = signedInCache }: RoutePreload) {
  return (args: LoaderFunctionArgs): null => {
    if (authStore.getAuthData() !== null) {
      const preloaded = Promise.all([data(), queryClient()])
        .then(([route, client]) => route.preload(args, client))
        .catch(() => undefined);
      firstView.awaitData(preloaded);
    }
    return null;
  };
}
