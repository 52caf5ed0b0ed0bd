import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { TenantEmployeesPageSchema, type TenantEmployeesPage, type TenantEmployeesQuery } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `GET /v1/tenant/employees`: one page of the employer's people, searched and filtered on the server. */
export function getEmployees(query: TenantEmployeesQuery, signal?: AbortSignal): Promise<TenantEmployeesPage> {
  return apiClient.request('/v1/tenant/employees', { query: { ...query }, schema: TenantEmployeesPageSchema, signal });
}

export function employeesQueryOptions(query: TenantEmployeesQuery) {
  return queryOptions({
    queryKey: [...employerQueryKey, 'employees', query],
    queryFn: ({ signal }) => getEmployees(query, signal),
    staleTime: 0,
    // The next page or search keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useEmployees(query: TenantEmployeesQuery) {
  return useQuery(employeesQueryOptions(query));
}
