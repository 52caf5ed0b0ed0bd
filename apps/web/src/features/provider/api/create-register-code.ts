import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  CreateRegisterCodeRequestSchema,
  RegisterCodeSchema,
  type CreateRegisterCodeRequest,
  type RegisterCode,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `POST /v1/provider/tenants/{id}/register-codes`: a new code, optionally with expiry and maximum uses. */
export function createRegisterCode({
  tenantId,
  body,
}: {
  tenantId: string;
  body: CreateRegisterCodeRequest;
}): Promise<RegisterCode> {
  return apiClient.request(`/v1/provider/tenants/${encodeURIComponent(tenantId)}/register-codes`, {
    method: 'POST',
    body: CreateRegisterCodeRequestSchema.parse(body),
    schema: RegisterCodeSchema,
  });
}

export function useCreateRegisterCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegisterCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
