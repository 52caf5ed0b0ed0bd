import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { PriceListPreviewSchema, type PriceListPreview } from '@leasing/contract';

import {
  uploadWithProgress,
  type UploadProgress,
  type UploadProgressListener,
} from '../../../lib/upload-with-progress';
import { multipartOf } from './multipart';

/**
 * `POST /v1/provider/catalog/imports` (multipart): the preview of an edited price list: added,
 * changed, withdrawn and every error with row and column. Nothing is live yet. The bytes sent go to
 * `onProgress`; once all are out the server checks every row, which takes a while for a long list.
 */
export async function uploadPriceList(file: File, onProgress?: UploadProgressListener): Promise<PriceListPreview> {
  return uploadWithProgress('/v1/provider/catalog/imports', await multipartOf(file), {
    schema: PriceListPreviewSchema,
    onProgress,
  });
}

/** The upload as a mutation with its `progress`: the bytes sent, then `sent` while the server checks. */
export function useUploadPriceList() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadPriceList(file, setProgress),
    onMutate: (file) => setProgress({ loaded: 0, total: file.size, sent: false }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress: mutation.isPending ? progress : null };
}
