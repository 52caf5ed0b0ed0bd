import { queryOptions, useQuery } from '@tanstack/react-query';

import { TenantTrendSchema, TREND_MONTHS_DEFAULT, type TenantTrend } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** While months are still computed on the server, the page asks again this often. */
export const TREND_POLL_MS = 3_000;

/** `GET /v1/tenant/overview/trend?months=`: the last months' payroll totals, uptake and open approvals. */
export function getTrend(months: number, signal?: AbortSignal): Promise<TenantTrend> {
  return apiClient.request(`/v1/tenant/overview/trend?months=${String(months)}`, { schema: TenantTrendSchema, signal });
}

export function trendQueryOptions(months = TREND_MONTHS_DEFAULT) {
  return queryOptions({
    queryKey: [...employerQueryKey, 'overview', 'trend', months],
    queryFn: ({ signal }) => getTrend(months, signal),
    staleTime: 0,
    // Months the server is still computing arrive with a later answer (ADR 0063).
    refetchInterval: (query) => (query.state.data && !query.state.data.complete ? TREND_POLL_MS : false),
  });
}

export function useTrend(months = TREND_MONTHS_DEFAULT) {
  return useQuery(trendQueryOptions(months));
}
