import { useMutation } from '@tanstack/react-query';

import { PriceListPreviewSchema, type PriceListPreview } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { multipartOf } from './multipart';

/**
 * `POST /v1/provider/catalog/imports` (multipart): the preview of an edited price list: added,
 * changed, withdrawn and every error with row and column. Nothing is live yet.
 */
export async function uploadPriceList(file: File): Promise<PriceListPreview> {
  return apiClient.request('/v1/provider/catalog/imports', {
    method: 'POST',
    raw: await multipartOf(file),
    schema: PriceListPreviewSchema,
  });
}

export function useUploadPriceList() {
  return useMutation({ mutationFn: uploadPriceList });
}
