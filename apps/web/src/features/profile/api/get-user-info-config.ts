import { queryOptions, useQuery } from '@tanstack/react-query';

import { UserInfoConfigSchema, type UserInfoConfig } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** `GET /v1/user/user-info-config`: bounds of the commuting-days field (spec 3 "User-info config"). */
export function getUserInfoConfig(signal?: AbortSignal): Promise<UserInfoConfig> {
  return apiClient.request('/v1/user/user-info-config', { schema: UserInfoConfigSchema, signal });
}

export function userInfoConfigQueryOptions() {
  return queryOptions({
    queryKey: ['user-info-config'],
    queryFn: ({ signal }) => getUserInfoConfig(signal),
    // Server configuration: changes with a deployment, not while the page is open.
    staleTime: Infinity,
  });
}

export function useUserInfoConfig() {
  return useQuery(userInfoConfigQueryOptions());
}
