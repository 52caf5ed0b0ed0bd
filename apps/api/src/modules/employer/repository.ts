import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds, orderPolicies } from '../../db/schema-employer.js';
import { orders, users } from '../../db/schema.js';

/** The employer's employees (not its admins), with their leaving date. Erased accounts are left out. */
export async function employeesOf(db: Database, tenantId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      employeeId: users.employeeId,
      emailConfirmedAt: users.emailConfirmedAt,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
      leavingDate: employmentEnds.leavingDate,
    })
    .from(users)
    .leftJoin(employmentEnds, eq(employmentEnds.userId, users.id))
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'EMPLOYEE'), isNull(users.deletedAt)))
    .orderBy(users.lastName, users.firstName);
}

/** Orders of the employer (every status), lightest columns first. */
export async function ordersOf(db: Database, tenantId: string) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      terms: orders.terms,
      handoverDate: orders.handoverDate,
    })
    .from(orders)
    .where(eq(orders.tenantId, tenantId));
}

/** Handed-over leases of the employer: the order row (for its snapshot) and the policy it was made under. */
export async function leasesOf(db: Database, tenantId: string) {
  return db
    .select({
      order: orders,
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
    // An ended lease (modules/lease-end) still has its months up to the return.
    .where(
      and(
        eq(orders.tenantId, tenantId),
        inArray(orders.status, ['LEASING_ACTIVE', 'LEASE_ENDED']),
        isNotNull(orders.handoverDate),
      ),
    );
}

export async function employeeOf(db: Database, tenantId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(users.role, 'EMPLOYEE'), isNull(users.deletedAt)),
    );
  return row;
}

/** Lower-cased e-mail addresses that already have an account, and the employer each belongs to. */
export async function existingAddresses(db: Database, emails: string[]) {
  if (emails.length === 0) return [];
  return db.select({ email: users.email, tenantId: users.tenantId }).from(users).where(inArray(users.email, emails));
}
