import { queryOptions, useQuery } from '@tanstack/react-query';

import { ProviderTrendSchema, TREND_MONTHS_DEFAULT, type ProviderTrend } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/dashboard/trend?months=`: orders by outcome, deliveries due, open orders by days waiting. */
export function getDashboardTrend(months: number, signal?: AbortSignal): Promise<ProviderTrend> {
  return apiClient.request(`/v1/provider/dashboard/trend?months=${String(months)}`, {
    schema: ProviderTrendSchema,
    signal,
  });
}

export function dashboardTrendQueryOptions(months = TREND_MONTHS_DEFAULT) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'dashboard', 'trend', months],
    queryFn: ({ signal }) => getDashboardTrend(months, signal),
  });
}

export function useDashboardTrend(months = TREND_MONTHS_DEFAULT) {
  return useQuery(dashboardTrendQueryOptions(months));
}
