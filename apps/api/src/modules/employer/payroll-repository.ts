import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds, orderPolicies } from '../../db/schema-employer.js';
import { orders, users } from '../../db/schema.js';

/**
 * The payroll export's reads, in pieces (ADR 0041): first the few columns that order a month's rows
 * for every lease of the employer, then the full rows of one batch of people at a time.
 */

/** The leases payroll counts: handed over and active, replaced by a follow-up (months up to the day before its handover, ADR 0040) or ended (months up to the return). */
const payrollLeaseConditions = (tenantId: string) =>
  and(
    eq(orders.tenantId, tenantId),
    inArray(orders.status, ['LEASING_ACTIVE', 'CONVERSION_ENDED', 'LEASE_ENDED']),
    isNotNull(orders.handoverDate),
  );

/** What orders a month's rows (personnel number, name, order) and who holds each lease. */
export function payrollLeaseKeys(db: Database, tenantId: string) {
  return db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      employeeId: users.employeeId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(payrollLeaseConditions(tenantId));
}

/**
 * What payroll reads of an order's frozen terms: five values, not the whole snapshot of car and
 * package (a large employer's export parsed 13 MB of JSON for them). Null where a snapshot lacks one.
 */
export interface PayrollTerms {
  listPriceGrossCents: number;
  driveType: string | null;
  durationMonths: number;
  rateInsuranceIncluded: boolean | null;
  totalMonthlyGrossCostCents: number;
}

const payrollTerms = sql<PayrollTerms>`jsonb_build_object(
  'listPriceGrossCents', ${orders.terms} -> 'vehicle' -> 'listPriceGrossCents',
  'driveType', ${orders.terms} -> 'vehicle' -> 'driveType',
  'durationMonths', ${orders.terms} -> 'leasePackage' -> 'durationMonths',
  'rateInsuranceIncluded', ${orders.terms} -> 'leasePackage' -> 'rateInsuranceIncluded',
  'totalMonthlyGrossCostCents', ${orders.terms} -> 'totalMonthlyGrossCostCents')`;

/**
 * Ids as one parameter, a PostgreSQL array literal (`{…}`, for `= any(…::uuid[])`), instead of a list
 * of one parameter per id: drizzle builds each parameter of a list on its own, about 2 ms of the
 * process's time for a batch's 500 people, per statement. Only ids the database gave (uuids) come here.
 */
function uuidArray(ids: readonly string[]): string {
  for (const id of ids) if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not a uuid: ${id}`);
  return `{${ids.join(',')}}`;
}

/** Every payroll lease of these people: a follow-up lease ends the one before, so a person's leases go together. */
export function payrollLeasesOfPeople(db: Database, tenantId: string, userIds: readonly string[]) {
  return db
    .select({
      order: {
        id: orders.id,
        userId: orders.userId,
        tenantId: orders.tenantId,
        terms: payrollTerms,
        handoverDate: orders.handoverDate,
        privateKeyId: orders.privateKeyId,
        privateIv: orders.privateIv,
        // The sealed snapshot only where the subsidy is in it alone (orders before the portal): the
        // ciphertext is most of an order row's bytes.
        privateCiphertext:
          sql<Buffer | null>`case when ${orderPolicies.employerContributionCents} is null then ${orders.privateCiphertext} end`.mapWith(
            orders.privateCiphertext,
          ),
        privateAadVersion: orders.privateAadVersion,
      },
      firstName: users.firstName,
      lastName: users.lastName,
      employeeId: users.employeeId,
      leavingDate: employmentEnds.leavingDate,
      deductionStart: orderPolicies.deductionStart,
      employerContributionCents: orderPolicies.employerContributionCents,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(employmentEnds, eq(employmentEnds.userId, orders.userId))
    .leftJoin(orderPolicies, eq(orderPolicies.orderId, orders.id))
    .where(and(payrollLeaseConditions(tenantId), sql`${orders.userId} = any(${uuidArray(userIds)}::uuid[])`));
}
