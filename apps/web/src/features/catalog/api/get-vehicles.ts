import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { VehicleSummarySchema, type VehicleSummary } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import type { CatalogFilter } from '../search-filter';
import { FETCHED_FOR_THIS_VISIT_MS, catalogQueryKey } from './keys';

const VehicleSummaryListSchema = z.array(VehicleSummarySchema);

/**
 * `GET /v1/search`: vehicle summaries for the brands and models (names), the minimum range and the
 * maximum rate, sorted by brand then model or in the order asked for (sorted by the server, which has
 * every car's rate). Without any of them the address is the plain `/v1/search` the page's head script
 * may have asked for already (lib/first-requests.ts).
 */
export function getVehicles(filter: CatalogFilter, signal?: AbortSignal): Promise<VehicleSummary[]> {
  return apiClient.request('/v1/search', {
    schema: VehicleSummaryListSchema,
    query: {
      manufacturerIds: filter.brands,
      modelIds: filter.models,
      minRangeKm: filter.minRangeKm,
      maxRateEur: filter.maxRateEur,
      sort: filter.sort,
    },
    signal,
  });
}

export function vehiclesQueryOptions(filter: CatalogFilter) {
  const { brands, models, minRangeKm, maxRateEur, sort } = filter;
  return queryOptions({
    queryKey: [...catalogQueryKey, 'search', { brands, models, minRangeKm, maxRateEur, sort }],
    queryFn: ({ signal }) => getVehicles(filter, signal),
    // The cards carry the user's own net rate: fetch again on every visit, it may have changed with the profile.
    staleTime: FETCHED_FOR_THIS_VISIT_MS,
  });
}

/** A new filter shows the spinner until its answer is there (spec 2.3), not the previous cards. */
export function useVehicles(filter: CatalogFilter) {
  return useQuery(vehiclesQueryOptions(filter));
}
