import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { ProviderOrdersPageSchema, type ProviderOrdersPage, type ProviderOrdersQuery } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/orders`: filtered, searched and paged on the server. */
export function getPipeline(query: ProviderOrdersQuery, signal?: AbortSignal): Promise<ProviderOrdersPage> {
  return apiClient.request('/v1/provider/orders', {
    query: { ...query },
    schema: ProviderOrdersPageSchema,
    signal,
  });
}

export function pipelineQueryOptions(query: ProviderOrdersQuery) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'orders', query],
    queryFn: ({ signal }) => getPipeline(query, signal),
    // The next page keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function usePipeline(query: ProviderOrdersQuery) {
  return useQuery(pipelineQueryOptions(query));
}
