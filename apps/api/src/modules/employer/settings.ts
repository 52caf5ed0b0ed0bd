import {
  PayrollSettingsSchema,
  type EmployerOverview,
  type PayrollExport,
  type PayrollSettings,
} from '@leasing/contract';
import { and, eq } from 'drizzle-orm';

import { payrollSettings } from '../../db/schema-employer.js';
import { runAsSystem } from '../../db/scope.js';
import { orders } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import type { Admin, Ctx, EmployerDeps } from './deps.js';
import { CLOSED } from './people.js';
import * as repo from './repository.js';
import { payrollTotalsOf } from './payroll.js';
import { DEFAULT_PAYROLL_SETTINGS } from './payroll-files.js';

export async function getPayrollSettings(deps: EmployerDeps, admin: Admin): Promise<PayrollSettings> {
  const [row] = await deps.db.select().from(payrollSettings).where(eq(payrollSettings.tenantId, admin.tenantId));
  const parsed = row ? PayrollSettingsSchema.safeParse(row.settings) : null;
  return parsed?.success ? parsed.data : DEFAULT_PAYROLL_SETTINGS;
}

export async function savePayrollSettings(
  deps: EmployerDeps,
  admin: Admin,
  settings: PayrollSettings,
  ctx: Ctx,
): Promise<PayrollSettings> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(payrollSettings)
      .values({ tenantId: admin.tenantId, settings, updatedBy: admin.id, updatedAt: now })
      .onConflictDoUpdate({ target: payrollSettings.tenantId, set: { settings, updatedBy: admin.id, updatedAt: now } });
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.payroll_settings.saved',
      subjectType: 'tenant',
      subjectId: admin.tenantId,
      fields: Object.keys(settings),
      requestId: ctx.requestId,
      at: now,
    });
  });
  return settings;
}

/** The payroll month in Germany today ("2026-04"). */
export function currentMonth(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(now);
}

/** `GET /v1/tenant/overview`: participants, open approvals, leases, this month's totals and saving. */
export async function overview(deps: EmployerDeps, admin: Admin): Promise<EmployerOverview> {
  const month = currentMonth(deps.clock.now());
  const [people, open, payroll] = await Promise.all([
    repo.peopleCounts(deps.db, admin.tenantId, [...CLOSED]),
    deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, admin.tenantId), eq(orders.status, 'TENANT_ADMIN_CLICK_CONFIRM'))),
    payrollTotals(deps, admin.tenantId, month),
  ]);
  return {
    participants: people.participants,
    invited: people.invited,
    leaving: people.leaving,
    openApprovals: open.length,
    activeLeases: payroll.leases,
    month,
    totals: payroll,
  };
}

/** The month's totals last computed per employer, with the fingerprint of what they were computed from. */
const totalsCache = new WeakMap<
  object,
  Map<string, { month: string; inputs: string; totals: PayrollExport['totals'] }>
>();

/**
 * The month's payroll totals, computed again only when something they are computed from changed (the
 * fingerprint of the employer's orders, their policies, leaving dates and salary profiles): for a large
 * employer the whole export takes seconds, the fingerprint a few milliseconds.
 */
async function payrollTotals(deps: EmployerDeps, tenantId: string, month: string): Promise<PayrollExport['totals']> {
  const inputs = await runAsSystem(() => repo.payrollInputs(deps.db, tenantId));
  const cache = totalsCache.get(deps.db) ?? new Map();
  totalsCache.set(deps.db, cache);
  const hit = cache.get(tenantId);
  if (hit && hit.month === month && hit.inputs === inputs) return hit.totals;
  const totals = await payrollTotalsOf(deps, tenantId, month);
  cache.set(tenantId, { month, inputs, totals });
  return totals;
}
