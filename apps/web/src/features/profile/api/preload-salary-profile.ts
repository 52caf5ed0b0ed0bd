import type { QueryClient } from '@tanstack/react-query';

import { userInfoQueryOptions } from './get-user-info';
import { userInfoConfigQueryOptions } from './get-user-info-config';

/** The salary form starts from the saved profile and the bounds of its fields; see app/route-preload.ts. */
export async function preloadSalaryProfile(_args: unknown, client: QueryClient): Promise<void> {
  await Promise.all([client.prefetchQuery(userInfoQueryOptions()), client.prefetchQuery(userInfoConfigQueryOptions())]);
}
