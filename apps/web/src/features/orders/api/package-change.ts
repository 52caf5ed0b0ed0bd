import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  PackageChangeOverviewSchema,
  PackageChangeRequestSchema,
  PackageChangeSchema,
  type PackageChange,
  type PackageChangeOverview,
  type PackageChangeRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const packageChangePath = (orderId: number) => `/v1/order/${String(orderId)}/package-change`;
export const packageChangeKey = (orderId: number) => [...ordersQueryKey, 'package-change', orderId];

/**
 * `GET /v1/order/{orderId}/package-change`: the package in force, the larger ones the employee may ask
 * for (none for anyone else, while a request is open, or once the lease ended) and every request, newest first.
 */
export function getPackageChange(orderId: number, signal?: AbortSignal): Promise<PackageChangeOverview> {
  return apiClient.request(packageChangePath(orderId), { schema: PackageChangeOverviewSchema, signal });
}

export function usePackageChange(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: packageChangeKey(orderId),
    queryFn: ({ signal }) => getPackageChange(orderId, signal),
    enabled,
    retry: false,
  });
}

/**
 * `POST /v1/order/{orderId}/package-change`: the kilometres a year of one of the offered packages (a
 * 400 on `kmPerYear` for any other; a 409 with the reason in German while a request is open or once
 * the lease is over).
 */
export function requestPackageChange(orderId: number, body: PackageChangeRequest): Promise<PackageChange> {
  return apiClient.request(packageChangePath(orderId), {
    method: 'POST',
    body: PackageChangeRequestSchema.parse(body),
    schema: PackageChangeSchema,
  });
}

/**
 * Asks for a larger package. The new request shows at once (no more offers while it is open); the card
 * reloads either way, since a 409 means the state moved on meanwhile.
 */
export function useRequestPackageChange(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PackageChangeRequest) => requestPackageChange(orderId, body),
    onSuccess: (created) =>
      queryClient.setQueryData<PackageChangeOverview>(packageChangeKey(orderId), (overview) =>
        overview ? { ...overview, options: [], changes: [created, ...overview.changes] } : overview,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packageChangeKey(orderId) }),
  });
}
