import { queryOptions, useQuery } from '@tanstack/react-query';

import { ProviderDashboardSchema, type ProviderDashboard } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/dashboard`: orders per status and employer, median days per step, handovers. */
export function getDashboard(signal?: AbortSignal): Promise<ProviderDashboard> {
  return apiClient.request('/v1/provider/dashboard', { schema: ProviderDashboardSchema, signal });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: [...providerQueryKey, 'dashboard'], queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
