import {
  PayrollSettingsSchema,
  type EmployerOverview,
  type PayrollExport,
  type PayrollSettings,
} from '@leasing/contract';
import { eq } from 'drizzle-orm';

import { payrollSettings } from '../../db/schema-employer.js';
import { recordAudit } from '../../lib/audit.js';
import { openApprovalCount } from '../orders/index.js';
import type { Admin, Ctx, EmployerDeps } from './deps.js';
import { CLOSED } from './people.js';
import * as repo from './repository.js';
import { monthTotals } from './trend-cache.js';
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
    openApprovalCount(deps.db, admin.tenantId),
    payrollTotals(deps, admin.tenantId, month),
  ]);
  return {
    participants: people.participants,
    invited: people.invited,
    leaving: people.leaving,
    openApprovals: open,
    activeLeases: payroll.leases,
    month,
    totals: payroll,
  };
}

/**
 * The month's payroll totals: stored with the version of everything they are computed from and
 * computed again only when that version changed (`trend-cache.ts`, ADR 0063, which replaced this
 * process's own fingerprint of orders, policies, leaving dates and profiles): the same months the
 * overview's trend shows, so the card and the chart never disagree.
 */
function payrollTotals(deps: EmployerDeps, tenantId: string, month: string): Promise<PayrollExport['totals']> {
  return monthTotals(deps, tenantId, month);
}
