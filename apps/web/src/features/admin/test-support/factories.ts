import type { AdminOrderSummary, AdminOrdersPage } from '@leasing/contract';

import { isOpenFor, type AdminRole } from '../admin-actions';

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
    cancellableUntil: null,
    ...overrides,
  };
}

/**
 * `GET /v1/admin/orders` as the server answers it, over the given rows: the view (open by the row's
 * actions for the role), an order number or the start of a name or e-mail address, newest first, paged.
 */
export function adminOrdersAnswer(
  rows: AdminOrderSummary[],
  role: AdminRole,
  query: Record<string, string> = {},
): AdminOrdersPage {
  const q = (query['q'] ?? '').toLowerCase();
  const found = rows
    .filter((row) => {
      if (!q) return true;
      if (/^#?\d+$/.test(q)) return row.id === Number(q.replace('#', ''));
      const { firstName, lastName, email } = row.employee;
      return [`${firstName} ${lastName}`, `${lastName} ${firstName}`, email].some((key) =>
        key.toLowerCase().startsWith(q),
      );
    })
    .sort((a, b) => b.id - a.id);
  const open = found.filter((row) => isOpenFor(role, row));
  const shown = query['view'] === 'open' ? open : found;
  const page = Number(query['page'] ?? '1');
  const pageSize = Number(query['pageSize'] ?? '25');
  return {
    items: shown.slice((page - 1) * pageSize, page * pageSize),
    total: shown.length,
    page,
    pageSize,
    counts: { open: open.length, all: found.length },
  };
}
