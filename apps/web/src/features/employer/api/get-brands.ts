import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

const BrandListSchema = z.array(z.string());

/** `GET /v1/search/manufacturers`: the catalogue's brand names, sorted; the choices of the allowed brands. */
export function getBrands(signal?: AbortSignal): Promise<string[]> {
  return apiClient.request('/v1/search/manufacturers', { schema: BrandListSchema, signal });
}

export function brandsQueryOptions() {
  return queryOptions({
    queryKey: [...employerQueryKey, 'brands'],
    queryFn: ({ signal }) => getBrands(signal),
    staleTime: 10 * 60_000,
  });
}

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
