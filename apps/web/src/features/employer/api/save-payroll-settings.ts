import { useMutation, useQueryClient } from '@tanstack/react-query';

import { PayrollSettingsSchema, type PayrollSettings } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { payrollSettingsQueryOptions } from './get-payroll-settings';

/** `PUT /v1/tenant/payroll-settings`: saves the DATEV settings; answers with what is stored. */
export function savePayrollSettings(body: PayrollSettings): Promise<PayrollSettings> {
  return apiClient.request('/v1/tenant/payroll-settings', {
    method: 'PUT',
    body: PayrollSettingsSchema.parse(body),
    schema: PayrollSettingsSchema,
  });
}

export function useSavePayrollSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayrollSettings,
    onSuccess: (saved) => queryClient.setQueryData(payrollSettingsQueryOptions().queryKey, saved),
  });
}
