/** Root of every back-office query key; a change invalidates the lists and details below it. */
export const providerQueryKey = ['provider'] as const;
