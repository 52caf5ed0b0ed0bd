import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { VehicleSummarySchema, type VehicleSummary } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import type { CatalogFilter } from '../search-filter';
import { FETCHED_FOR_THIS_VISIT_MS, catalogQueryKey } from './keys';

const VehicleSummaryListSchema = z.array(VehicleSummarySchema);

/** `GET /v1/search`: vehicle summaries for the brands and models (names), sorted by brand then model. */
export function getVehicles(filter: CatalogFilter, signal?: AbortSignal): Promise<VehicleSummary[]> {
  return apiClient.request('/v1/search', {
    schema: VehicleSummaryListSchema,
    query: { manufacturerIds: filter.brands, modelIds: filter.models },
    signal,
  });
}

export function vehiclesQueryOptions(filter: CatalogFilter) {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'search', { brands: filter.brands, models: filter.models }],
    queryFn: ({ signal }) => getVehicles(filter, signal),
    // The cards carry the user's own net rate: fetch again on every visit, it may have changed with the profile.
    staleTime: FETCHED_FOR_THIS_VISIT_MS,
  });
}

/** A new filter shows the spinner until its answer is there (spec 2.3), not the previous cards. */
export function useVehicles(filter: CatalogFilter) {
  return useQuery(vehiclesQueryOptions(filter));
}
