import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  ApiKeyCreatedSchema,
  ApiKeyCreateRequestSchema,
  ApiKeySchema,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { integrationsQueryKey } from './keys';

const ApiKeyListSchema = z.array(ApiKeySchema);

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: [...integrationsQueryKey, 'api-keys'],
    queryFn: ({ signal }): Promise<ApiKey[]> =>
      apiClient.request('/v1/tenant/api-keys', { schema: ApiKeyListSchema, signal }),
  });
}

/** `GET /v1/tenant/api-keys`: the keys in force, never a secret. */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** `POST /v1/tenant/api-keys`: the answer holds the key, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateRequest): Promise<ApiKeyCreated> =>
      apiClient.request('/v1/tenant/api-keys', {
        method: 'POST',
        body: ApiKeyCreateRequestSchema.parse(body),
        schema: ApiKeyCreatedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

/** `DELETE /v1/tenant/api-keys/{id}`: revoked at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> =>
      apiClient.request(`/v1/tenant/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
