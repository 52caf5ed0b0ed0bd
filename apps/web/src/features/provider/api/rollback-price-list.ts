import { useMutation, useQueryClient } from '@tanstack/react-query';

import { PriceListVersionSchema, type PriceListVersion } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/**
 * `POST /v1/provider/catalog/versions/{id}/rollback`: the price list as it was before that version,
 * published as a new version.
 */
export function rollbackPriceList(versionId: number): Promise<PriceListVersion> {
  return apiClient.request(`/v1/provider/catalog/versions/${String(versionId)}/rollback`, {
    method: 'POST',
    schema: PriceListVersionSchema,
  });
}

export function useRollbackPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollbackPriceList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
