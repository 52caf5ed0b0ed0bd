import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { parseFilter } from '../search-filter';
import { manufacturersQueryOptions } from './get-manufacturers';
import { modelsQueryOptions } from './get-models';
import { vehiclesQueryOptions } from './get-vehicles';

/** /search asks first for the cards of the filter in its address and the filter's choices; see app/route-preload.ts. */
export async function preloadSearch({ request }: LoaderFunctionArgs, client: QueryClient): Promise<void> {
  const filter = parseFilter(new URL(request.url).searchParams);
  await Promise.all([
    client.prefetchQuery(vehiclesQueryOptions(filter)),
    client.prefetchQuery(manufacturersQueryOptions()),
    client.prefetchQuery(modelsQueryOptions(filter.brands)),
  ]);
}
