import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { AdminOrderSummarySchema, type AdminOrderSummary } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

const AdminOrderListSchema = z.array(AdminOrderSummarySchema);

/** `GET /v1/admin/orders`: the employer's orders (tenant admin) or all orders (provider admin). */
export function getAdminOrders(signal?: AbortSignal): Promise<AdminOrderSummary[]> {
  return apiClient.request('/v1/admin/orders', { schema: AdminOrderListSchema, signal });
}

export function adminOrdersQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'orders'],
    queryFn: ({ signal }) => getAdminOrders(signal),
    staleTime: 0,
  });
}

export function useAdminOrders() {
  return useQuery(adminOrdersQueryOptions());
}
