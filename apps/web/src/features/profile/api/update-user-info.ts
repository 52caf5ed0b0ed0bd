import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';

import { UserInfoSaveResponseSchema, type UserInfoUpdate } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { userInfoQueryOptions } from './get-user-info';

export type UserInfoSaveResponse = z.output<typeof UserInfoSaveResponseSchema>;

/**
 * `PUT /v1/user/info`: saves address and salary profile. A refused save answers field errors (400
 * `VALIDATION_FAILED`, or `saved: false` with `errors`) and stores nothing.
 */
export function updateUserInfo(body: UserInfoUpdate): Promise<UserInfoSaveResponse> {
  return apiClient.request('/v1/user/info', { method: 'PUT', body, schema: UserInfoSaveResponseSchema });
}

/**
 * After a save the profile reloads. Personal net rates and tax results elsewhere are computed from the
 * profile, so every other cached answer is marked stale as well and reloads when next shown.
 */
export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: async (result) => {
      if (!result.saved) return;
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
    },
  });
}
