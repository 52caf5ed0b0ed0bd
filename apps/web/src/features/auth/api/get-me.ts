import { queryOptions, useQuery } from '@tanstack/react-query';

import { MeResponseSchema, type MeResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { useAuthData } from '../../../lib/auth-store';

/** `GET /v1/me`: who is signed in, for the navigation. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiClient.request('/v1/me', { schema: MeResponseSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

/** Only asks while auth data exists, so signing out does not fire a request that must fail. */
export function useMe() {
  const authData = useAuthData();
  return useQuery({ ...meQueryOptions(), enabled: authData !== null });
}
