import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { TenantEmployeeSchema, type TenantEmployee } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

const EmployeeListSchema = z.array(TenantEmployeeSchema);

/** `GET /v1/tenant/employees`: the employer's people with their orders and leases. */
export function getEmployees(signal?: AbortSignal): Promise<TenantEmployee[]> {
  return apiClient.request('/v1/tenant/employees', { schema: EmployeeListSchema, signal });
}

export function employeesQueryOptions() {
  return queryOptions({
    queryKey: [...employerQueryKey, 'employees'],
    queryFn: ({ signal }) => getEmployees(signal),
    staleTime: 0,
  });
}

export function useEmployees() {
  return useQuery(employeesQueryOptions());
}
