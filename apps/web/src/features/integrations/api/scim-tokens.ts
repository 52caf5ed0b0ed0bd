import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  ScimTokenCreatedSchema,
  ScimTokenCreateRequestSchema,
  ScimTokenSchema,
  type ScimToken,
  type ScimTokenCreated,
  type ScimTokenCreateRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { integrationsQueryKey } from './keys';

const ScimTokenListSchema = z.array(ScimTokenSchema);

export function scimTokensQueryOptions() {
  return queryOptions({
    queryKey: [...integrationsQueryKey, 'scim-tokens'],
    queryFn: ({ signal }): Promise<ScimToken[]> =>
      apiClient.request('/v1/tenant/scim-tokens', { schema: ScimTokenListSchema, signal }),
  });
}

/** `GET /v1/tenant/scim-tokens`: the directory's tokens in force, never a secret. */
export function useScimTokens() {
  return useQuery(scimTokensQueryOptions());
}

/** `POST /v1/tenant/scim-tokens`: the token and the SCIM address, this once. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScimTokenCreateRequest): Promise<ScimTokenCreated> =>
      apiClient.request('/v1/tenant/scim-tokens', {
        method: 'POST',
        body: ScimTokenCreateRequestSchema.parse(body),
        schema: ScimTokenCreatedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensQueryOptions().queryKey }),
  });
}

/** `DELETE /v1/tenant/scim-tokens/{id}`: revoked at once. */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> =>
      apiClient.request(`/v1/tenant/scim-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensQueryOptions().queryKey }),
  });
}
