import { useMutation, useQueryClient } from '@tanstack/react-query';

import { PriceListVersionSchema, type PriceListVersion } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/**
 * `POST /v1/provider/catalog/imports/{id}/publish`: applies the previewed list in one transaction.
 * 422 when the file has errors, 409 when the catalogue changed since the preview.
 */
export function publishPriceList(importId: string): Promise<PriceListVersion> {
  return apiClient.request(`/v1/provider/catalog/imports/${encodeURIComponent(importId)}/publish`, {
    method: 'POST',
    schema: PriceListVersionSchema,
  });
}

export function usePublishPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPriceList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
