import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { VehiclePhotoSchema, type VehiclePhoto } from '@leasing/contract';

import {
  uploadWithProgress,
  type UploadProgress,
  type UploadProgressListener,
} from '../../../lib/upload-with-progress';
import { photosQueryOptions } from './get-photos';
import { providerQueryKey } from './keys';
import { multipartOf } from './multipart';

/**
 * `POST /v1/provider/vehicles/{id}/photos` (multipart): JPEG, PNG or WebP up to 10 MB, 415 for
 * anything else (the API decides by the bytes, not the name). The new photo goes last; the bytes
 * sent go to `onProgress`, and once all are out the server re-encodes the photo (a few seconds).
 */
export async function uploadPhoto(
  { vehicleId, file }: { vehicleId: string; file: File },
  onProgress?: UploadProgressListener,
): Promise<VehiclePhoto> {
  return uploadWithProgress(`/v1/provider/vehicles/${encodeURIComponent(vehicleId)}/photos`, await multipartOf(file), {
    schema: VehiclePhotoSchema,
    onProgress,
  });
}

/** Where one file of a batch stands. */
export type PhotoUploadStatus =
  | { kind: 'waiting' }
  | { kind: 'sending'; progress: UploadProgress }
  | { kind: 'done' }
  /** `reason`: the API's German refusal, or the same words for what the browser refused before sending. */
  | { kind: 'refused'; reason: string };

export interface PhotoUpload {
  id: number;
  vehicleId: string;
  fileName: string;
  size: number;
  status: PhotoUploadStatus;
}

const isOpen = (upload: PhotoUpload) => upload.status.kind === 'waiting' || upload.status.kind === 'sending';

/**
 * Several photos for a vehicle, sent one after the other: the server puts each new photo last, so
 * the order of the files stays the order of the photos, and one photo's re-encoding at a time keeps
 * the server's work even. Each finished photo shows at once (its vehicle's photos are read again); the
 * counts of the vehicle list follow when the batch is through. `describeError` words a refusal.
 */
export function usePhotoUploads(describeError: (error: unknown) => string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const waiting = useRef<{ id: number; vehicleId: string; file: File }[]>([]);
  const running = useRef(false);
  const nextId = useRef(1);

  const setStatus = (id: number, status: PhotoUploadStatus) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, status } : upload)));

  const work = async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = waiting.current.shift(); next; next = waiting.current.shift()) {
        const { id, vehicleId, file } = next;
        setStatus(id, { kind: 'sending', progress: { loaded: 0, total: file.size, sent: false } });
        try {
          await uploadPhoto({ vehicleId, file }, (progress) => setStatus(id, { kind: 'sending', progress }));
          setStatus(id, { kind: 'done' });
          void queryClient.invalidateQueries({ queryKey: photosQueryOptions(vehicleId).queryKey });
        } catch (error) {
          setStatus(id, { kind: 'refused', reason: describeError(error) });
        }
      }
    } finally {
      running.current = false;
      void queryClient.invalidateQueries({ queryKey: providerQueryKey });
    }
  };

  const entry = (vehicleId: string, file: File, status: PhotoUploadStatus): PhotoUpload => {
    const id = nextId.current;
    nextId.current += 1;
    return { id, vehicleId, fileName: file.name, size: file.size, status };
  };

  return {
    uploads,
    /** Queues the files for the vehicle and starts sending unless a batch is already under way. */
    add(vehicleId: string, files: File[]) {
      const queued = files.map((file) => ({ file, upload: entry(vehicleId, file, { kind: 'waiting' }) }));
      waiting.current.push(...queued.map(({ file, upload }) => ({ id: upload.id, vehicleId, file })));
      setUploads((list) => [...list, ...queued.map(({ upload }) => upload)]);
      void work();
    },
    /** Files the browser refused before sending (wrong type, too large), listed with the reason. */
    refuse(vehicleId: string, refused: { file: File; reason: string }[]) {
      const added = refused.map(({ file, reason }) => entry(vehicleId, file, { kind: 'refused', reason }));
      setUploads((list) => [...list, ...added]);
    },
    /** Forgets the vehicle's finished entries (done and refused); those still under way stay. */
    clearFinished(vehicleId: string) {
      setUploads((list) => list.filter((upload) => upload.vehicleId !== vehicleId || isOpen(upload)));
    },
    /** Whether any of the vehicle's files is still waiting or being sent. */
    busy(vehicleId: string) {
      return uploads.some((upload) => upload.vehicleId === vehicleId && isOpen(upload));
    },
  };
}
