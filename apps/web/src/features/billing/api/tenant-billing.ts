import { useQuery } from '@tanstack/react-query';

import { TenantBillingAnswerSchema, type TenantBillingAnswer } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { billingQueryKey } from './keys';

/** `GET /v1/tenant/billing`: the employer's own billing data as the provider keeps it (read only). */
export function getOwnBilling(signal?: AbortSignal): Promise<TenantBillingAnswer> {
  return apiClient.request('/v1/tenant/billing', { schema: TenantBillingAnswerSchema, signal });
}

export function useOwnBilling() {
  return useQuery({
    queryKey: [...billingQueryKey('tenant'), 'billing'],
    queryFn: ({ signal }) => getOwnBilling(signal),
  });
}
