/**
 * Root of every order query key: `queryClient.invalidateQueries({ queryKey: ordersQueryKey })` refreshes
 * the list, the order views and the workflow after a change.
 */
export const ordersQueryKey = ['orders'] as const;
