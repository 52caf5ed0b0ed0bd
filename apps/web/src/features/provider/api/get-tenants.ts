import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { TenantSummarySchema, type TenantSummary } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/tenants`: every employer with employees, active orders and usable codes. */
export function getTenants(signal?: AbortSignal): Promise<TenantSummary[]> {
  return apiClient.request('/v1/provider/tenants', { schema: z.array(TenantSummarySchema), signal });
}

export function tenantsQueryOptions() {
  return queryOptions({ queryKey: [...providerQueryKey, 'tenants'], queryFn: ({ signal }) => getTenants(signal) });
}

export function useTenants() {
  return useQuery(tenantsQueryOptions());
}
