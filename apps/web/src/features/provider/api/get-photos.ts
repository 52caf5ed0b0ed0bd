import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { VehiclePhotoSchema, type VehiclePhoto } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/vehicles/{id}/photos`: in order, the first is the main photo. */
export function getPhotos(vehicleId: string, signal?: AbortSignal): Promise<VehiclePhoto[]> {
  return apiClient.request(`/v1/provider/vehicles/${encodeURIComponent(vehicleId)}/photos`, {
    schema: z.array(VehiclePhotoSchema),
    signal,
  });
}

export function photosQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'vehicles', vehicleId, 'photos'],
    queryFn: ({ signal }) => getPhotos(vehicleId, signal),
  });
}

export function usePhotos(vehicleId: string | null) {
  return useQuery({ ...photosQueryOptions(vehicleId ?? ''), enabled: vehicleId !== null });
}
