import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { PackageTaxResultSchema, type PackageTaxResult } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { catalogQueryKey } from './keys';

/**
 * `GET /v1/lease-packages/{id}/tax`: the payslip before and after the conversion for this package, and
 * the employer programme's verdict on ordering it. Answers 409 `PROFILE_INCOMPLETE` while the salary
 * data is missing.
 */
export function getTaxResult(leasePackageId: string, signal?: AbortSignal): Promise<PackageTaxResult> {
  return apiClient.request(`/v1/lease-packages/${encodeURIComponent(leasePackageId)}/tax`, {
    schema: PackageTaxResultSchema,
    signal,
  });
}

export function taxResultQueryOptions(leasePackageId: string) {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'tax', leasePackageId],
    queryFn: ({ signal }) => getTaxResult(leasePackageId, signal),
    staleTime: 0,
  });
}

/** Loaded each time the selected package changes (spec 4.3); the previous table stays while the next loads. */
export function useTaxResult(leasePackageId: string | undefined, enabled: boolean) {
  return useQuery({
    ...taxResultQueryOptions(leasePackageId ?? ''),
    enabled: enabled && leasePackageId !== undefined,
    placeholderData: keepPreviousData,
  });
}
