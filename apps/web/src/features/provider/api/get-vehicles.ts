import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { ProviderVehicleSchema, type ProviderVehicle } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/vehicles`: every vehicle with its package and photo counts. */
export function getVehicles(signal?: AbortSignal): Promise<ProviderVehicle[]> {
  return apiClient.request('/v1/provider/vehicles', { schema: z.array(ProviderVehicleSchema), signal });
}

export function vehiclesQueryOptions() {
  return queryOptions({ queryKey: [...providerQueryKey, 'vehicles'], queryFn: ({ signal }) => getVehicles(signal) });
}

export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}
