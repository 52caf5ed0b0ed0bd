import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import {
  PriceListVersionsPageSchema,
  type PriceListVersionsPage,
  type PriceListVersionsQuery,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/catalog/versions`: one page of the published price lists, searched on the server. */
export function getPriceListVersions(
  query: PriceListVersionsQuery,
  signal?: AbortSignal,
): Promise<PriceListVersionsPage> {
  return apiClient.request('/v1/provider/catalog/versions', {
    query: { ...query },
    schema: PriceListVersionsPageSchema,
    signal,
  });
}

export function priceListVersionsQueryOptions(query: PriceListVersionsQuery = {}) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'price-list', 'versions', query],
    queryFn: ({ signal }) => getPriceListVersions(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePriceListVersions(query: PriceListVersionsQuery = {}) {
  return useQuery(priceListVersionsQueryOptions(query));
}
