import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { PhotoOrderRequestSchema, VehiclePhotoSchema, type VehiclePhoto } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

const photosPath = (vehicleId: string) => `/v1/provider/vehicles/${encodeURIComponent(vehicleId)}/photos`;

/** `PUT …/photos/order`: every photo once, the first becomes the main photo. */
export function reorderPhotos({
  vehicleId,
  photoIds,
}: {
  vehicleId: string;
  photoIds: string[];
}): Promise<VehiclePhoto[]> {
  return apiClient.request(`${photosPath(vehicleId)}/order`, {
    method: 'PUT',
    body: PhotoOrderRequestSchema.parse({ photoIds }),
    schema: z.array(VehiclePhotoSchema),
  });
}

/** `DELETE …/photos/{photoId}` (204). */
export async function deletePhoto({ vehicleId, photoId }: { vehicleId: string; photoId: string }): Promise<void> {
  await apiClient.request(`${photosPath(vehicleId)}/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}

/** Reordering and deleting (uploads: `upload-photos.ts`); each refreshes the vehicle's photos and the counts. */
export function usePhotoChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: providerQueryKey });
  return {
    reorder: useMutation({ mutationFn: reorderPhotos, onSettled }),
    remove: useMutation({ mutationFn: deletePhoto, onSettled }),
  };
}
