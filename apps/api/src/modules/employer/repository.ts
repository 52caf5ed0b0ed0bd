import type { TenantEmployeesQuery } from '@leasing/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { personStartsWith } from '../../db/person-search.js';
import { employmentEnds } from '../../db/schema-employer.js';
import { orders, users } from '../../db/schema.js';
import type { OrderTerms } from '../orders/index.js';

/** The filter of the people list: status (as `listEmployees` derives it) and a search over name, e-mail and number. */
function employeeConditions(tenantId: string, query: TenantEmployeesQuery, userId?: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(users.tenantId, tenantId),
    eq(users.role, 'EMPLOYEE'),
    isNull(users.deletedAt),
    userId === undefined ? undefined : eq(users.id, userId),
  ];
  const signedUp = and(isNotNull(users.passwordHash), isNotNull(users.emailConfirmedAt));
  if (query.status === 'LEAVING') conditions.push(isNotNull(employmentEnds.leavingDate));
  if (query.status === 'ACTIVE') conditions.push(isNull(employmentEnds.leavingDate), signedUp);
  if (query.status === 'INVITED') {
    conditions.push(isNull(employmentEnds.leavingDate), or(isNull(users.passwordHash), isNull(users.emailConfirmedAt)));
  }
  if (query.q) {
    // The start of a name, address or personnel number: each an index range (db/person-search.ts).
    conditions.push(personStartsWith(query.q, { employeeId: true }));
  }
  return and(...conditions);
}

/**
 * Which rows of the sorted list a page reads. A page in the back half is read from the other end with
 * the sort turned round (and turned back afterwards): OFFSET reads every row it skips, so the last
 * page of 14,000 people would otherwise cost 14,000 rows.
 */
export interface EmployeeSlice {
  skip: number;
  take: number;
  fromEnd: boolean;
}

const sliceFromStart = (query: { page: number; pageSize: number }): EmployeeSlice => ({
  skip: (query.page - 1) * query.pageSize,
  take: query.pageSize,
  fromEnd: false,
});

/** The slice of a page once the total is known: from whichever end is nearer. */
export function nearerEndSlice(query: { page: number; pageSize: number }, total: number): EmployeeSlice | null {
  const skip = (query.page - 1) * query.pageSize;
  if (skip >= total) return null;
  if (skip <= total / 2) return { skip, take: query.pageSize, fromEnd: false };
  const take = Math.min(query.pageSize, total - skip);
  return { skip: total - skip - take, take, fromEnd: true };
}

/** The statements of one page of the employer's people (not its admins) and of how many match in all. */
export function employeePageQueries(
  db: Database,
  tenantId: string,
  query: TenantEmployeesQuery & { page: number; pageSize: number },
  userId?: string,
  slice: EmployeeSlice = sliceFromStart(query),
) {
  const where = employeeConditions(tenantId, query, userId);
  // NULLS LAST ascending is exactly NULLS FIRST descending: the turned sort is the same order backwards.
  const direction = slice.fromEnd ? desc : asc;
  const keys =
    query.sort === 'employeeId'
      ? [users.employeeId, users.lastName, users.id]
      : [users.lastName, users.firstName, users.id];
  return {
    rows: db
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
      .where(where)
      .orderBy(...keys.map((key) => direction(key)))
      .limit(slice.take)
      .offset(slice.skip),
    total: db
      .select({ n: count() })
      .from(users)
      .leftJoin(employmentEnds, eq(employmentEnds.userId, users.id))
      .where(where),
  };
}

/**
 * One page of the employer's people (not its admins) and how many match in all. The first page is read
 * beside its count; a later one after it, from the nearer end of the list.
 */
export async function employeePage(
  db: Database,
  tenantId: string,
  query: TenantEmployeesQuery & { page: number; pageSize: number },
  userId?: string,
) {
  const queries = employeePageQueries(db, tenantId, query, userId);
  if (query.page === 1) {
    const [rows, total] = await Promise.all([queries.rows, queries.total]);
    return { rows, total: total[0]?.n ?? 0 };
  }
  const total = (await queries.total)[0]?.n ?? 0;
  const slice = nearerEndSlice(query, total);
  if (!slice) return { rows: [], total };
  const rows = await employeePageQueries(db, tenantId, query, userId, slice).rows;
  return { rows: slice.fromEnd ? rows.reverse() : rows, total };
}

/** Orders of some of the employer's people (one page of the list), with the car of their frozen terms (not the whole terms). */
export async function ordersOfPeople(db: Database, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      vehicle: sql<OrderTerms['vehicle']>`${orders.terms} -> 'vehicle'`,
      handoverDate: orders.handoverDate,
    })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.userId, userIds)))
    .orderBy(asc(orders.id));
}

/** Lower-cased e-mail addresses that already have an account, and the employer each belongs to. */
export async function existingAddresses(db: Database, emails: string[]) {
  if (emails.length === 0) return [];
  return db.select({ email: users.email, tenantId: users.tenantId }).from(users).where(inArray(users.email, emails));
}

/**
 * The overview's head counts: the employer's people (not its admins, not erased), those with a
 * running order or lease, invited and leaving people, counted in the database (the same statuses as
 * the people list).
 */
export async function peopleCounts(db: Database, tenantId: string, closed: string[]) {
  const [row] = await db
    .select({
      people: sql<number>`count(*)::int`,
      invited: sql<number>`count(*) filter (where ${employmentEnds.leavingDate} is null and (${users.passwordHash} is null or ${users.emailConfirmedAt} is null))::int`,
      leaving: sql<number>`count(*) filter (where ${employmentEnds.leavingDate} is not null)::int`,
    })
    .from(users)
    .leftJoin(employmentEnds, eq(employmentEnds.userId, users.id))
    .where(employeeConditions(tenantId, {}));
  // A semi-join the other way round (orders whose person is not an erased account or an admin): a
  // plain join let the planner loop over the people with a scan of the employer's orders each.
  const [participants] = await db
    .select({ n: sql<number>`count(distinct ${orders.userId})::int` })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        sql`${orders.status} not in (${sql.join(
          closed.map((c) => sql`${c}`),
          sql`, `,
        )})`,
        sql`not exists (select 1 from ${users} where ${users.id} = ${orders.userId} and (${users.role} <> 'EMPLOYEE' or ${users.deletedAt} is not null))`,
      ),
    );
  return {
    people: row?.people ?? 0,
    invited: row?.invited ?? 0,
    leaving: row?.leaving ?? 0,
    participants: participants?.n ?? 0,
  };
}
