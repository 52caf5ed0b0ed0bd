import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { AdditionalDriverSchema, type AdditionalDriver } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

const DriverListSchema = z.array(AdditionalDriverSchema);

/** `GET /v1/order/{orderId}/drivers` as HR reads it: the names and the licence checks' outcome only. */
export function getOrderDrivers(orderId: number, signal?: AbortSignal): Promise<AdditionalDriver[]> {
  return apiClient.request(`/v1/order/${String(orderId)}/drivers`, { schema: DriverListSchema, signal });
}

/** Read when HR opens the list of an order's drivers, not for every row of the people list. */
export function orderDriversQuery(orderId: number, enabled: boolean) {
  return queryOptions({
    queryKey: [...employerQueryKey, 'drivers', orderId],
    queryFn: ({ signal }) => getOrderDrivers(orderId, signal),
    enabled,
    retry: false,
  });
}
