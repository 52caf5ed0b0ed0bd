import type { PackageChange, PackageChangeOverview, PackageTerms, ProviderPackageChange } from '@leasing/contract';

/** The ordered package of the factories' order: 10.000 km a year at 643 € gross a month. */
export const ORDERED: PackageTerms = {
  leasePackageId: '7f9c2a59-6d7c-4d8a-9a53-4c1b3f2f0a01',
  kmPerYear: 10_000,
  monthlyGrossRateEur: 643,
};

export const LARGER: PackageTerms = {
  leasePackageId: '7f9c2a59-6d7c-4d8a-9a53-4c1b3f2f0a02',
  kmPerYear: 15_000,
  monthlyGrossRateEur: 683.5,
};

export const LARGEST: PackageTerms = {
  leasePackageId: '7f9c2a59-6d7c-4d8a-9a53-4c1b3f2f0a03',
  kmPerYear: 20_000,
  monthlyGrossRateEur: 1_720.25,
};

/** A request as the API sends it: open unless `overrides` says otherwise. */
export function buildPackageChange(overrides: Partial<PackageChange> = {}): PackageChange {
  return {
    id: '5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    orderId: 42,
    status: 'REQUESTED',
    from: ORDERED,
    to: LARGER,
    effectiveMonth: null,
    note: null,
    requestedAt: '2026-07-01T08:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

/** What the employee sees on a running lease without a request: the two larger packages. */
export function buildOverview(overrides: Partial<PackageChangeOverview> = {}): PackageChangeOverview {
  return {
    current: ORDERED,
    options: [
      { ...LARGER, differenceEur: 40.5 },
      { ...LARGEST, differenceEur: 1_077.25 },
    ],
    changes: [],
    ...overrides,
  };
}

/** The same request in the provider's queue, with the person, employer and car. */
export function buildProviderPackageChange(overrides: Partial<ProviderPackageChange> = {}): ProviderPackageChange {
  return {
    ...buildPackageChange(),
    personName: 'Max Mustermann',
    tenantName: 'Muster GmbH',
    car: 'Audi Q4 e-tron 45',
    ...overrides,
  };
}
