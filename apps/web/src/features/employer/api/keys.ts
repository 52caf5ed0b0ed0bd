/** Root of every employer-portal query key; a change to the people or the policy invalidates below it. */
export const employerQueryKey = ['employer'] as const;
