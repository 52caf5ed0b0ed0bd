import type { AdminOrderSummary } from '@leasing/contract';

/** One row of `GET /v1/admin/orders`, waiting for the tenant admin by default. */
export function buildAdminRow(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: 42,
    created: '2026-03-01T09:00:00.000Z',
    status: 'TENANT_ADMIN_CLICK_CONFIRM',
    currentStepId: 5,
    currentUserStepId: '11111111-1111-4111-8111-111111111111',
    employee: { firstName: 'Max', lastName: 'Mustermann', email: 'max.mustermann@example.com', employeeId: 'M-1001' },
    tenantName: 'Muster GmbH',
    vehicle: { brand: 'Audi', carModel: 'Q4 e-tron', trimLevel: '45' },
    durationMonths: 48,
    kmPerYear: 10000,
    monthlyGrossRate: 643,
    color: 'Kupferorange',
    delivery: 'HOME',
    latestDocument: null,
    employerApproval: null,
    ...overrides,
  };
}
