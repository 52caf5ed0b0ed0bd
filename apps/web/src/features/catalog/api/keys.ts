/**
 * Root of every catalogue query key. Rates in these answers derive from the salary profile, so a
 * profile change can refresh them all with `queryClient.invalidateQueries({ queryKey: catalogQueryKey })`.
 */
export const catalogQueryKey = ['catalog'] as const;
