import crypto from 'node:crypto';

import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds } from '../../db/schema-employer.js';
import { runAsSystem } from '../../db/scope.js';
import { claimExcessesVersion } from '../claims/index.js';
import { leaseEndsVersion } from '../lease-end/index.js';
import { absencesVersion } from '../lease-life/index.js';
import { payrollLeasesVersion } from '../orders/index.js';
import { approvedChangesVersion } from '../package-change/index.js';
import { policyInForce } from '../policy/index.js';
import { salaryProfilesVersion } from '../profile/index.js';
import { payrollCodeVersion } from './payroll-code-version.js';

/**
 * The version of everything a month of the employer's payroll export is computed from (ADR 0063),
 * each part asked of the module that keeps it: the handed-over leases with their frozen deduction
 * terms (orders), the leaving dates (here), the salary profiles and their history (profile), the
 * absences (lease-life) and the policy that says who pays them (policy), the approved package changes
 * (package-change), the returns and ends by loss (lease-end), the claims' excesses (claims), and the
 * code that computes it. The export of a month is a function of these alone (it reads no clock), so two
 * equal versions give equal totals for every month. Read as the platform: profiles are private, and
 * the caller checked that the admin is the employer's.
 */
export async function payrollInputsVersion(db: Database, tenantId: string): Promise<string> {
  return runAsSystem(async () => {
    const leases = await payrollLeasesVersion(db, tenantId);
    const parts = await Promise.all([
      salaryProfilesVersion(db, leases.userIds),
      employmentEndsVersion(db, tenantId),
      absencesVersion(db, tenantId),
      policyInForce(db, tenantId).then((p) => String(p.version)),
      approvedChangesVersion(db, tenantId),
      leaseEndsVersion(db, leases.orderIds),
      claimExcessesVersion(db, tenantId),
    ]);
    return crypto
      .createHash('sha256')
      .update([payrollCodeVersion(), leases.version, ...parts].join('|'))
      .digest('hex');
  });
}

async function employmentEndsVersion(db: Database, tenantId: string): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(sum(hashtext(${employmentEnds.userId}::text || ${employmentEnds.leavingDate})), 0)::text`,
    })
    .from(employmentEnds)
    .where(eq(employmentEnds.tenantId, tenantId));
  return `${row?.n ?? 0}:${row?.hash ?? '0'}`;
}
