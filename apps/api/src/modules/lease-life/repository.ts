import { and, asc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { employeeAbsences } from '../../db/schema-lease-life.js';
import type { OrderTerms } from '../orders/index.js';

export type AbsenceRow = typeof employeeAbsences.$inferSelect;

/** The person's absences, earliest first (row-level security keeps them to the caller's employer or self). */
export async function absencesOf(db: Database, tenantId: string, userId: string): Promise<AbsenceRow[]> {
  return db
    .select()
    .from(employeeAbsences)
    .where(and(eq(employeeAbsences.tenantId, tenantId), eq(employeeAbsences.userId, userId)))
    .orderBy(asc(employeeAbsences.fromDate));
}

/** Every absence of the employer's people (for the payroll). */
export async function absencesOfTenant(db: Database, tenantId: string): Promise<AbsenceRow[]> {
  return db
    .select()
    .from(employeeAbsences)
    .where(eq(employeeAbsences.tenantId, tenantId))
    .orderBy(asc(employeeAbsences.fromDate));
}

/** The person's orders at the employer (every status). */
export async function ordersOfPerson(db: Database, tenantId: string, userId: string) {
  return db
    .select({ id: orders.id, status: orders.status, terms: orders.terms, handoverDate: orders.handoverDate })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.userId, userId)));
}

/** The person's handed-over leases at the employer (the car may be used: absences pause these). */
export async function leasesOfPerson(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ id: number; handoverDate: string; terms: OrderTerms }[]> {
  const rows = await ordersOfPerson(db, tenantId, userId);
  return rows.flatMap((o) =>
    o.status === 'LEASING_ACTIVE' && o.handoverDate
      ? [{ id: o.id, handoverDate: o.handoverDate, terms: o.terms as OrderTerms }]
      : [],
  );
}
