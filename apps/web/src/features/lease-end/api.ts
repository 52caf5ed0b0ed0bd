import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  LeaseEndInfoSchema,
  LeaseReturnSchema,
  LicenceCheckCaseSchema,
  LicenceCheckRowSchema,
  type LeaseEndInfo,
  type LeaseReturn,
  type LeaseReturnRequest,
  type LicenceCheckCase,
  type LicenceCheckRow,
  type ProviderClaim,
  type ReturnAppointmentRequest,
} from '@leasing/contract';

import { apiClient } from '../../lib/api-client';
import { providerClaimsQueryOptions } from '../provider/api/claims';

const LicenceChecksSchema = z.array(LicenceCheckRowSchema);
export const leaseEndQueryKey = ['lease-end'] as const;

/** `GET /v1/order/{id}/lease-end`: next car, return appointment and licence check of a running lease. */
export function leaseEndQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...leaseEndQueryKey, 'order', orderId],
    queryFn: ({ signal }): Promise<LeaseEndInfo> =>
      apiClient.request(`/v1/order/${String(orderId)}/lease-end`, { schema: LeaseEndInfoSchema, signal }),
  });
}

export function useLeaseEnd(orderId: number, enabled = true) {
  return useQuery({ ...leaseEndQueryOptions(orderId), enabled });
}

/** `GET /v1/tenant/licence-checks` (HR) or `/v1/provider/licence-checks` (the provider). */
export function useLicenceChecks(area: 'tenant' | 'provider') {
  return useQuery({
    queryKey: [...leaseEndQueryKey, 'licence-checks', area],
    queryFn: ({ signal }): Promise<LicenceCheckRow[]> =>
      apiClient.request(`/v1/${area}/licence-checks`, { schema: LicenceChecksSchema, signal }),
  });
}

/** Most claims the return form lists: one page of the queue at its largest. */
const ORDER_CLAIMS_PAGE_SIZE = 100;

/**
 * The order's damage reports for the return form (ADR 0056): the provider's queue searched by the
 * order number, which also matches claim numbers and names, so only the order's own are kept. It
 * shares the queue's cache key, so a claim's change in the back office shows here too.
 */
export function useOrderClaims(orderId: number, enabled = true) {
  return useQuery({
    ...providerClaimsQueryOptions({ q: String(orderId), page: 1, pageSize: ORDER_CLAIMS_PAGE_SIZE }),
    select: (page): ProviderClaim[] => page.items.filter((claim) => claim.orderId === orderId),
    enabled,
  });
}

/** `POST /v1/provider/orders/{id}/return`: the car is back; answers the settlement. */
export function useRecordReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaseReturnRequest): Promise<LeaseReturn> =>
      apiClient.request(`/v1/provider/orders/${String(orderId)}/return`, {
        method: 'POST',
        body,
        schema: LeaseReturnSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** `PUT /v1/provider/orders/{id}/return-appointment`. */
export function useSetReturnAppointment(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnAppointmentRequest): Promise<LeaseEndInfo> =>
      apiClient.request(`/v1/provider/orders/${String(orderId)}/return-appointment`, {
        method: 'PUT',
        body,
        schema: LeaseEndInfoSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaseEndQueryKey }),
  });
}

/** `POST /v1/order/{id}/licence-check`: starts (or answers again) the due check at the identity provider. */
export function useStartLicenceCheck(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<LicenceCheckCase> =>
      apiClient.request(`/v1/order/${String(orderId)}/licence-check`, {
        method: 'POST',
        schema: LicenceCheckCaseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaseEndQueryKey }),
  });
}
