import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { AbsenceSchema, type Absence } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const AbsenceListSchema = z.array(AbsenceSchema);

/** `GET /v1/order/{orderId}/absences`: the absences without pay the employer recorded, with who pays. */
export function getAbsences(orderId: number, signal?: AbortSignal): Promise<Absence[]> {
  return apiClient.request(`/v1/order/${String(orderId)}/absences`, { schema: AbsenceListSchema, signal });
}

export function useAbsences(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'absences', orderId],
    queryFn: ({ signal }) => getAbsences(orderId, signal),
    enabled,
    retry: false,
  });
}
