import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  MileageSchema,
  ODOMETER_PHOTO_FIELD,
  ODOMETER_READING_FIELD,
  OdometerReadingRequestSchema,
  type Mileage,
  type OdometerReadingRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { encodeMultipart } from '../../../lib/multipart';
import { saveFile } from '../../../lib/save-file';
import { ordersQueryKey } from './keys';

const mileageKey = (orderId: number) => [...ordersQueryKey, 'mileage', orderId];
const orderPath = (orderId: number) => `/v1/order/${String(orderId)}`;

/** `GET /v1/order/{orderId}/mileage`: the readings, the forecast and the projected settlement. */
export function getMileage(orderId: number, signal?: AbortSignal): Promise<Mileage> {
  return apiClient.request(`${orderPath(orderId)}/mileage`, { schema: MileageSchema, signal });
}

export function useMileage(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: mileageKey(orderId),
    queryFn: ({ signal }) => getMileage(orderId, signal),
    enabled,
    retry: false,
  });
}

/**
 * `POST /v1/order/{orderId}/odometer`: as JSON, or with a photo of the odometer as multipart/form-data
 * (the reading as JSON in the field `reading`, the photo in `photo`; JPEG, PNG or WebP up to 10 MB).
 */
export async function reportOdometer(
  orderId: number,
  reading: OdometerReadingRequest,
  photo: File | null,
): Promise<Mileage> {
  const path = `${orderPath(orderId)}/odometer`;
  const body = OdometerReadingRequestSchema.parse(reading);
  if (!photo) return apiClient.request(path, { method: 'POST', body, schema: MileageSchema });
  const form = new FormData();
  form.append(ODOMETER_READING_FIELD, JSON.stringify(body));
  form.append(ODOMETER_PHOTO_FIELD, photo, photo.name);
  return apiClient.request(path, { method: 'POST', raw: await encodeMultipart(form), schema: MileageSchema });
}

/** Reports a reading, with or without a photo; the new forecast replaces the card's. */
export function useReportOdometer(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reading, photo }: { reading: OdometerReadingRequest; photo: File | null }) =>
      reportOdometer(orderId, reading, photo),
    onSuccess: (mileage) => queryClient.setQueryData(mileageKey(orderId), mileage),
  });
}

/**
 * `GET /v1/order/{orderId}/odometer/{readingId}/photo`: the reading's photo (WebP), saved as a file. It
 * needs the bearer token, so it comes through the API client as a blob, never as a plain address.
 */
export async function downloadOdometerPhoto(orderId: number, reading: { id: string; readOn: string }) {
  const blob = await apiClient.requestBlob(`${orderPath(orderId)}/odometer/${encodeURIComponent(reading.id)}/photo`);
  saveFile(blob, `Kilometerstand-${reading.readOn}.webp`);
}

export function useDownloadOdometerPhoto(orderId: number) {
  return useMutation({
    mutationFn: (reading: { id: string; readOn: string }) => downloadOdometerPhoto(orderId, reading),
  });
}
