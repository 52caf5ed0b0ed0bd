import { useMutation, useQueryClient } from '@tanstack/react-query';

import { LeaveRequestSchema, TenantEmployeeSchema, type TenantEmployee } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `POST /v1/tenant/employees/{id}/leave`: the person leaves on `date` (last working day, YYYY-MM-DD). */
export function markLeaving({ id, date }: { id: string; date: string }): Promise<TenantEmployee> {
  return apiClient.request(`/v1/tenant/employees/${encodeURIComponent(id)}/leave`, {
    method: 'POST',
    body: LeaveRequestSchema.parse({ date }),
    schema: TenantEmployeeSchema,
  });
}

export function useMarkLeaving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLeaving,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerQueryKey }),
  });
}
