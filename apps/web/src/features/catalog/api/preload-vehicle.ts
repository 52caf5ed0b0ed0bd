import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { vehicleQueryOptions } from './get-vehicle';

/** The vehicle page asks first for the vehicle with its packages and rates; see app/route-preload.ts. */
export async function preloadVehicle({ params }: LoaderFunctionArgs, client: QueryClient): Promise<void> {
  if (params.vehicleId) await client.prefetchQuery(vehicleQueryOptions(params.vehicleId));
}
