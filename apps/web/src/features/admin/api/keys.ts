/** Root of every admin query key; an action invalidates the list and the detail views at once. */
export const adminQueryKey = ['admin'] as const;
