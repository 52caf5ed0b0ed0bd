import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { PayrollExportSchema, type PayrollExport } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `GET /v1/tenant/payroll/{month}`: the month's rows for the payroll office with their totals. */
export function getPayroll(month: string, signal?: AbortSignal): Promise<PayrollExport> {
  return apiClient.request(`/v1/tenant/payroll/${encodeURIComponent(month)}`, { schema: PayrollExportSchema, signal });
}

export function payrollQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...employerQueryKey, 'payroll', month],
    queryFn: ({ signal }) => getPayroll(month, signal),
    staleTime: 0,
  });
}

/** Keeps the previous month on screen while the next one loads, so the table does not jump. */
export function usePayroll(month: string) {
  return useQuery({ ...payrollQueryOptions(month), placeholderData: keepPreviousData });
}
