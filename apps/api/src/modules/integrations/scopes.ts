import type { ApiKeyScope } from '@leasing/contract';

/**
 * Which routes each scope opens to an API key (ADR 0057): the employer's existing routes, by method
 * and route pattern. A route not listed is closed to every key (403), the key routes themselves too:
 * a key never makes or revokes keys.
 */
export const SCOPE_ROUTES: Readonly<Record<ApiKeyScope, readonly string[]>> = {
  'payroll:read': ['GET /v1/tenant/payroll/:month', 'GET /v1/tenant/payroll/:month/datev'],
  'people:read': ['GET /v1/tenant/employees', 'GET /v1/tenant/employees/:id/absences'],
  'people:write': ['POST /v1/tenant/invites', 'POST /v1/tenant/employees/:id/leave'],
  'orders:read': ['GET /v1/admin/orders', 'GET /v1/tenant/orders/:orderId/termination-quote'],
  'invoices:read': ['GET /v1/tenant/invoices', 'GET /v1/tenant/invoices/:id'],
};

/** Whether a key with these scopes may call the route (`GET /v1/tenant/payroll/:month`). */
export function scopeAllows(scopes: readonly string[], route: string): boolean {
  return scopes.some((scope) => (SCOPE_ROUTES[scope as ApiKeyScope] ?? []).includes(route));
}
