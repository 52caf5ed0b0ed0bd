import { queryOptions, useQuery } from '@tanstack/react-query';

import { UserInfoResponseSchema, type UserInfoResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** `GET /v1/user/info`: address, salary profile (null before the first save) and completeness. */
export function getUserInfo(signal?: AbortSignal): Promise<UserInfoResponse> {
  return apiClient.request('/v1/user/info', { schema: UserInfoResponseSchema, signal });
}

export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: ['user-info'],
    queryFn: ({ signal }) => getUserInfo(signal),
  });
}

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
