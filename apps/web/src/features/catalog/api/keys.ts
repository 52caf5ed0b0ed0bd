/**
 * Root of every catalogue query key. Rates in these answers derive from the salary profile, so a
 * profile change can refresh them all with `queryClient.invalidateQueries({ queryKey: catalogQueryKey })`.
 */
export const catalogQueryKey = ['catalog'] as const;

/**
 * For answers fetched again on every visit (the personal net rates): one this young still belongs to
 * this visit, as the route's preload (app/route-preload.ts) fetched it while the page's code loaded.
 * Without it the page would ask a second time as it mounts.
 */
export const FETCHED_FOR_THIS_VISIT_MS = 5_000;
