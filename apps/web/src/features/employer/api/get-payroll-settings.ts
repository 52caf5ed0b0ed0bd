import { queryOptions, useQuery } from '@tanstack/react-query';

import { PayrollSettingsSchema, type PayrollSettings } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `GET /v1/tenant/payroll-settings`: DATEV consultant and client number and the wage types. */
export function getPayrollSettings(signal?: AbortSignal): Promise<PayrollSettings> {
  return apiClient.request('/v1/tenant/payroll-settings', { schema: PayrollSettingsSchema, signal });
}

export function payrollSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...employerQueryKey, 'payroll-settings'],
    queryFn: ({ signal }) => getPayrollSettings(signal),
  });
}

export function usePayrollSettings() {
  return useQuery(payrollSettingsQueryOptions());
}
