import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  MileageSchema,
  OdometerReadingRequestSchema,
  type Mileage,
  type OdometerReadingRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const mileageKey = (orderId: number) => [...ordersQueryKey, 'mileage', orderId];

/** `GET /v1/order/{orderId}/mileage`: the readings, the forecast and the projected settlement. */
export function getMileage(orderId: number, signal?: AbortSignal): Promise<Mileage> {
  return apiClient.request(`/v1/order/${String(orderId)}/mileage`, { schema: MileageSchema, signal });
}

export function useMileage(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: mileageKey(orderId),
    queryFn: ({ signal }) => getMileage(orderId, signal),
    enabled,
    retry: false,
  });
}

/** `POST /v1/order/{orderId}/odometer`: the new forecast replaces the card's. */
export function useReportOdometer(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reading: OdometerReadingRequest) =>
      apiClient.request(`/v1/order/${String(orderId)}/odometer`, {
        method: 'POST',
        body: OdometerReadingRequestSchema.parse(reading),
        schema: MileageSchema,
      }),
    onSuccess: (mileage) => queryClient.setQueryData(mileageKey(orderId), mileage),
  });
}
