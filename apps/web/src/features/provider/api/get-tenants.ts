import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { ProviderTenantsPageSchema, type ProviderTenantsPage, type ProviderTenantsQuery } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/tenants`: one page of the employers with their head counts, searched on the server. */
export function getTenants(query: ProviderTenantsQuery, signal?: AbortSignal): Promise<ProviderTenantsPage> {
  return apiClient.request('/v1/provider/tenants', { query: { ...query }, schema: ProviderTenantsPageSchema, signal });
}

export function tenantsQueryOptions(query: ProviderTenantsQuery = {}) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'tenants', query],
    queryFn: ({ signal }) => getTenants(query, signal),
    // The next page or search keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useTenants(query: ProviderTenantsQuery = {}) {
  return useQuery(tenantsQueryOptions(query));
}
