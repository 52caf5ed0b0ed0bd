import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { PriceListVersionSchema, type PriceListVersion } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/catalog/versions`: published price lists, the live one first. */
export function getPriceListVersions(signal?: AbortSignal): Promise<PriceListVersion[]> {
  return apiClient.request('/v1/provider/catalog/versions', { schema: z.array(PriceListVersionSchema), signal });
}

export function priceListVersionsQueryOptions() {
  return queryOptions({
    queryKey: [...providerQueryKey, 'price-list', 'versions'],
    queryFn: ({ signal }) => getPriceListVersions(signal),
  });
}

export function usePriceListVersions() {
  return useQuery(priceListVersionsQueryOptions());
}
