import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { z } from 'zod/mini';

import {
  MfaConfirmResponseSchema,
  MfaSetupMailedResponseSchema,
  MfaSetupResponseSchema,
  MfaStatusSchema,
  type MfaConfirmResponse,
  type MfaSetupMailedResponse,
  type MfaSetupRequest,
  type MfaSetupResponse,
  type MfaStatus,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** `GET /v1/user/mfa`: whether the second factor is on, required, and until when an admin may wait. */
export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return apiClient.request('/v1/user/mfa', { schema: MfaStatusSchema, signal });
}

export function mfaStatusQueryOptions() {
  return queryOptions({ queryKey: ['mfa-status'], queryFn: ({ signal }) => getMfaStatus(signal) });
}

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

const MfaSetupAnswerSchema = z.union([MfaSetupResponseSchema, MfaSetupMailedResponseSchema]);

/**
 * `POST /v1/user/mfa/setup`: the password again and the code from the mail give a new secret with its
 * QR code; the password alone has the code mailed (`mailCodeSent`).
 */
export function useMfaSetup() {
  return useMutation({
    mutationFn: (body: MfaSetupRequest): Promise<MfaSetupResponse | MfaSetupMailedResponse> =>
      apiClient.request('/v1/user/mfa/setup', { method: 'POST', body, schema: MfaSetupAnswerSchema }),
  });
}

/** `POST /v1/user/mfa/confirm`: the first code switches the factor on; answers the recovery codes. */
export function useMfaConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<MfaConfirmResponse> =>
      apiClient.request('/v1/user/mfa/confirm', { method: 'POST', body: { code }, schema: MfaConfirmResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries(mfaStatusQueryOptions()),
  });
}

/** `DELETE /v1/user/mfa` (password and a current code): employees only. */
export function useMfaDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { password: string; code: string }): Promise<void> => {
      await apiClient.request('/v1/user/mfa', { method: 'DELETE', body });
    },
    onSuccess: () => queryClient.invalidateQueries(mfaStatusQueryOptions()),
  });
}
