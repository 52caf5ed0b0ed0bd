import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  AdditionalDriverRequestSchema,
  AdditionalDriverSchema,
  type AdditionalDriver,
  type AdditionalDriverRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const DriverListSchema = z.array(AdditionalDriverSchema);
const driversKey = (orderId: number) => [...ordersQueryKey, 'drivers', orderId];

/** `GET /v1/order/{orderId}/drivers`: the named drivers with their licence checks. */
export function getDrivers(orderId: number, signal?: AbortSignal): Promise<AdditionalDriver[]> {
  return apiClient.request(`/v1/order/${String(orderId)}/drivers`, { schema: DriverListSchema, signal });
}

export function useDrivers(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: driversKey(orderId),
    queryFn: ({ signal }) => getDrivers(orderId, signal),
    enabled,
    retry: false,
  });
}

/** Names or removes a driver; the list and the order's documents reload. */
function useDriversChange<T>(orderId: number, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

export const useAddDriver = (orderId: number) =>
  useDriversChange(orderId, (driver: AdditionalDriverRequest) =>
    apiClient.request(`/v1/order/${String(orderId)}/drivers`, {
      method: 'POST',
      body: AdditionalDriverRequestSchema.parse(driver),
      schema: AdditionalDriverSchema,
    }),
  );

export const useRemoveDriver = (orderId: number) =>
  useDriversChange(orderId, (driverId: string) =>
    apiClient.request(`/v1/order/${String(orderId)}/drivers/${driverId}`, { method: 'DELETE' }),
  );
