import { queryOptions, useQuery } from '@tanstack/react-query';

import { VehicleSchema, type Vehicle } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { FETCHED_FOR_THIS_VISIT_MS, catalogQueryKey } from './keys';

/** `GET /v1/vehicle/{id}`: the vehicle with all lease packages and the user's net rate for each. */
export function getVehicle(vehicleId: string, signal?: AbortSignal): Promise<Vehicle> {
  return apiClient.request(`/v1/vehicle/${encodeURIComponent(vehicleId)}`, { schema: VehicleSchema, signal });
}

export function vehicleQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'vehicle', vehicleId],
    queryFn: ({ signal }) => getVehicle(vehicleId, signal),
    // Net rates follow the salary profile: fetch again on every visit.
    staleTime: FETCHED_FOR_THIS_VISIT_MS,
  });
}

export function useVehicle(vehicleId: string, enabled = true) {
  return useQuery({ ...vehicleQueryOptions(vehicleId), enabled });
}
