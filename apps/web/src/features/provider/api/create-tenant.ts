import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  CreateTenantRequestSchema,
  CreateTenantResponseSchema,
  type CreateTenantRequest,
  type CreateTenantResponse,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/**
 * `POST /v1/provider/tenants`: the employer, its first register code and its HR admin, who gets the
 * invite mail. 400 with field errors; 409 when the admin's address has an account already.
 */
export function createTenant(body: CreateTenantRequest): Promise<CreateTenantResponse> {
  return apiClient.request('/v1/provider/tenants', {
    method: 'POST',
    body: CreateTenantRequestSchema.parse(body),
    schema: CreateTenantResponseSchema,
  });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
