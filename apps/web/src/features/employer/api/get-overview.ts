import { queryOptions, useQuery } from '@tanstack/react-query';

import { EmployerOverviewSchema, type EmployerOverview } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `GET /v1/tenant/overview`: participants, open approvals, leases and this month's payroll totals. */
export function getOverview(signal?: AbortSignal): Promise<EmployerOverview> {
  return apiClient.request('/v1/tenant/overview', { schema: EmployerOverviewSchema, signal });
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: [...employerQueryKey, 'overview'],
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 0,
  });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
