import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiClient } from '../../../lib/api-client';
import { catalogQueryKey } from './keys';

const NameListSchema = z.array(z.string());

/** `GET /v1/search/models?manufacturerIds=...`: model names of the brands (all brands when empty), sorted. */
export function getModels(brands: readonly string[], signal?: AbortSignal): Promise<string[]> {
  return apiClient.request('/v1/search/models', {
    schema: NameListSchema,
    query: { manufacturerIds: brands },
    signal,
  });
}

export function modelsQueryOptions(brands: readonly string[]) {
  // The order of the chosen brands does not change the answer: one cache entry per set.
  const key = [...brands].sort((a, b) => a.localeCompare(b, 'de'));
  return queryOptions({
    queryKey: [...catalogQueryKey, 'models', key],
    queryFn: ({ signal }) => getModels(key, signal),
    staleTime: 10 * 60_000,
  });
}

/** Reloads whenever the chosen brands change (spec 4.2). */
export function useModels(brands: readonly string[]) {
  return useQuery(modelsQueryOptions(brands));
}
