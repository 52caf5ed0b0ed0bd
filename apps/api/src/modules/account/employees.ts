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

/** A person as lists show them. */
export interface ListedPerson {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string | null;
}

/** Names, e-mail and personnel numbers of these people (an erased account keeps its pseudonymised name), batched. */
export async function peopleByIds(db: Database, userIds: readonly string[]): Promise<Map<string, ListedPerson>> {
  const people = new Map<string, ListedPerson>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 5_000) {
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        employeeId: users.employeeId,
      })
      .from(users)
      .where(inArray(users.id, unique.slice(i, i + 5_000)));
    for (const { id, ...person } of rows) people.set(id, person);
  }
  return people;
}
