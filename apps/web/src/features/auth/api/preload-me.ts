import type { QueryClient } from '@tanstack/react-query';

import { meQueryOptions } from './get-me';

/** The signed-in layout's navigation depends on who is signed in (`/v1/me`); see app/route-preload.ts. */
export function preloadMe(_args: unknown, client: QueryClient): Promise<void> {
  return client.prefetchQuery(meQueryOptions());
}
