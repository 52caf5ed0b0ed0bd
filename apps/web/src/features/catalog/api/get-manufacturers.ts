import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiClient } from '../../../lib/api-client';
import { catalogQueryKey } from './keys';

const NameListSchema = z.array(z.string());

/** `GET /v1/search/manufacturers`: brand names, sorted. */
export function getManufacturers(signal?: AbortSignal): Promise<string[]> {
  return apiClient.request('/v1/search/manufacturers', { schema: NameListSchema, signal });
}

export function manufacturersQueryOptions() {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'manufacturers'],
    queryFn: ({ signal }) => getManufacturers(signal),
    staleTime: 10 * 60_000,
  });
}

export function useManufacturers() {
  return useQuery(manufacturersQueryOptions());
}
