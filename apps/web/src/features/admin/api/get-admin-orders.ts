import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { AdminOrdersPageSchema, type AdminOrdersPage, type AdminOrdersQuery } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

/**
 * `GET /v1/admin/orders`: one page of the employer's orders (tenant admin) or of all orders (provider
 * admin), filtered (open/all) and searched on the server, with both views' counts.
 */
export function getAdminOrders(query: AdminOrdersQuery, signal?: AbortSignal): Promise<AdminOrdersPage> {
  return apiClient.request('/v1/admin/orders', { query: { ...query }, schema: AdminOrdersPageSchema, signal });
}

export function adminOrdersQueryOptions(query: AdminOrdersQuery = {}) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'orders', query],
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    staleTime: 0,
    // The next page, view or search keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(query: AdminOrdersQuery = {}) {
  return useQuery(adminOrdersQueryOptions(query));
}
