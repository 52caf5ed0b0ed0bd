/** Who reads the invoices: the provider's back office or the employer's HR (their own only). */
export type BillingScope = 'provider' | 'tenant';

/** Root of every billing query key of a scope; a run or a credit note invalidates what is below it. */
export const billingQueryKey = (scope: BillingScope) => ['billing', scope] as const;
