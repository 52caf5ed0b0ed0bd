import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet, type RouteObject } from 'react-router';

import { createQueryClient } from '../lib/query-client';

function QueryRoot({ client }: { client?: QueryClient }) {
  const [ownClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={ownClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/**
 * Puts `routes` under a pathless layout with a fresh TanStack Query cache (the app's settings), the
 * way the real layouts provide it. Pass `client` to inspect or seed the cache.
 */
export function withQueryClient(routes: RouteObject[], client?: QueryClient): RouteObject[] {
  return [{ element: <QueryRoot client={client} />, children: routes }];
}
