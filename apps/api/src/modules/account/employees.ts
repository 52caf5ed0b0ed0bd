import { and, eq, isNull } from 'drizzle-orm';

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
