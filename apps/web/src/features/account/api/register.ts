import { useMutation } from '@tanstack/react-query';

import { RegisterResponseSchema, type RegisterRequest, type RegisterResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

export interface RegisterVariables {
  registerCode: string;
  body: RegisterRequest;
}

/**
 * `POST /v1/auth/register/{registerCode}`: 202 for every valid code (an existing address is told by
 * mail instead), `REGISTRATION_FAILED` for an unknown or disabled code. Not a session call.
 */
export function register({ registerCode, body }: RegisterVariables): Promise<RegisterResponse> {
  return apiClient.request(`/v1/auth/register/${encodeURIComponent(registerCode)}`, {
    method: 'POST',
    body,
    schema: RegisterResponseSchema,
    handleAuthErrors: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
