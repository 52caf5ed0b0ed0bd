import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  PackageChangeDecisionSchema,
  ProviderPackageChangePageSchema,
  ProviderPackageChangeSchema,
  type PackageChangeDecision,
  type ProviderPackageChange,
  type ProviderPackageChangePage,
  type ProviderPackageChangesQuery,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

const packageChangesKey = [...providerQueryKey, 'package-changes'] as const;

/** `GET /v1/provider/package-changes`: the requests for a larger kilometre package, oldest first, paged. */
export function getProviderPackageChanges(
  query: ProviderPackageChangesQuery,
  signal?: AbortSignal,
): Promise<ProviderPackageChangePage> {
  return apiClient.request('/v1/provider/package-changes', {
    query: { ...query },
    schema: ProviderPackageChangePageSchema,
    signal,
  });
}

export function providerPackageChangesQueryOptions(query: ProviderPackageChangesQuery) {
  return queryOptions({
    queryKey: [...packageChangesKey, query],
    queryFn: ({ signal }) => getProviderPackageChanges(query, signal),
    // The next page keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useProviderPackageChanges(query: ProviderPackageChangesQuery) {
  return useQuery(providerPackageChangesQueryOptions(query));
}

/**
 * `POST /v1/provider/package-changes/{changeId}/decision`: approve, or decline with a note (a 400 on
 * `note` without one); once only (409 with the reason in German).
 */
export function decidePackageChange({
  changeId,
  body,
}: {
  changeId: string;
  body: PackageChangeDecision;
}): Promise<ProviderPackageChange> {
  return apiClient.request(`/v1/provider/package-changes/${encodeURIComponent(changeId)}/decision`, {
    method: 'POST',
    body: PackageChangeDecisionSchema.parse(body),
    schema: ProviderPackageChangeSchema,
  });
}

/**
 * Decides a request. The decided row stays where it is with its new state (so the person working the
 * queue sees what they did); the lists are marked stale and show the queue afresh when asked again. A
 * refusal (decided meanwhile) reloads them at once.
 */
export function useDecidePackageChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePackageChange,
    onSuccess: async (decided) => {
      queryClient.setQueriesData<ProviderPackageChangePage>({ queryKey: packageChangesKey }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === decided.id ? decided : item)) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: packageChangesKey, refetchType: 'none' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: packageChangesKey }),
  });
}
