import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** One of the employer's people (an employee's account, not erased), or undefined: for HR's acts on a person. */
export async function employeeOf(db: Database, tenantId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(users.role, 'EMPLOYEE'), isNull(users.deletedAt)),
    );
  return row;
}

/** Names and personnel numbers of these people (an erased account keeps its pseudonymised name), batched. */
export async function peopleByIds(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, { firstName: string; lastName: string; employeeId: string | null }>> {
  const people = new Map<string, { firstName: string; lastName: string; employeeId: string | null }>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 5_000) {
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, employeeId: users.employeeId })
      .from(users)
      .where(inArray(users.id, unique.slice(i, i + 5_000)));
    for (const row of rows) people.set(row.id, row);
  }
  return people;
}
