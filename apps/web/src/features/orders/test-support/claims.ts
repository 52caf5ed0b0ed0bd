import type { Claim, ProviderClaim } from '@leasing/contract';

/** A damage report as the API sends it to the employee (the full view). */
export function buildClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: '3d6f1c2a-8b4e-4f3a-9c1d-2e5f6a7b8c90',
    number: 'S-2026-000042',
    orderId: 42,
    kind: 'ACCIDENT',
    status: 'REPORTED',
    occurredAt: '2026-05-04T14:30:00.000Z',
    place: 'Parkplatz Marktstraße 5, München',
    description: 'Beim Ausparken die hintere Stoßstange beschädigt.',
    thirdPartyInvolved: true,
    policeReportNumber: null,
    drivable: true,
    excessEur: null,
    excessMonth: null,
    reportedAt: '2026-05-04T15:00:00.000Z',
    photoIds: [],
    events: [{ status: 'REPORTED', note: null, at: '2026-05-04T15:00:00.000Z' }],
    ...overrides,
  };
}

/** What HR gets of the same report: number, state and excess. */
export function hrViewOf(claim: Claim): Claim {
  return {
    ...claim,
    occurredAt: null,
    place: null,
    description: null,
    thirdPartyInvolved: null,
    policeReportNumber: null,
    drivable: null,
    photoIds: [],
    events: claim.events.map((event) => ({ ...event, note: null })),
  };
}

/** A claim photo as the API sends it (WebP). */
export function webpResponse(): Response {
  return new Response(new Blob(['RIFF-webp'], { type: 'image/webp' }), {
    status: 200,
    headers: { 'Content-Type': 'image/webp' },
  });
}

/** The same report in the provider's queue, with the person, employer and car. */
export function buildProviderClaim(overrides: Partial<ProviderClaim> = {}): ProviderClaim {
  return {
    ...buildClaim(),
    personName: 'Max Mustermann',
    tenantName: 'Muster GmbH',
    car: 'Audi Q4 e-tron 45',
    ...overrides,
  };
}
