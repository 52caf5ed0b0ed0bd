import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  TenantSsoConfigSchema,
  TenantSsoUpdateRequestSchema,
  type TenantSsoConfig,
  type TenantSsoUpdateRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { integrationsQueryKey } from './keys';

export function ssoConfigQueryOptions() {
  return queryOptions({
    queryKey: [...integrationsQueryKey, 'sso'],
    queryFn: ({ signal }): Promise<TenantSsoConfig> =>
      apiClient.request('/v1/tenant/sso', { schema: TenantSsoConfigSchema, signal }),
  });
}

/** `GET /v1/tenant/sso`: the company sign-in's configuration, never its secret. */
export function useSsoConfig() {
  return useQuery(ssoConfigQueryOptions());
}

/** `PUT /v1/tenant/sso`: checked at the identity provider (discovery) before it is stored. */
export function useSaveSsoConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantSsoUpdateRequest): Promise<TenantSsoConfig> =>
      apiClient.request('/v1/tenant/sso', {
        method: 'PUT',
        body: TenantSsoUpdateRequestSchema.parse(body),
        schema: TenantSsoConfigSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(ssoConfigQueryOptions().queryKey, saved),
  });
}
