import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Whom a mail goes to: the address, the name it greets and the language it is worded in. */
export interface AccountRecipient {
  email: string;
  firstName: string;
  lastName: string;
  language: (typeof users.$inferSelect)['language'];
}

const recipientColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
};

/** A person as a mail's recipient; undefined when the account is gone. */
export async function recipientOf(db: Database, userId: string): Promise<AccountRecipient | undefined> {
  const [person] = await db.select(recipientColumns).from(users).where(eq(users.id, userId));
  return person;
}

/** These people as mail recipients, by id (a batch of reminders); the gone ones are missing. */
export async function recipientsByIds(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, AccountRecipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...recipientColumns })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ id, ...recipient }) => [id, recipient]));
}

/** The active admins of a role (of one employer for HR admins), as mail recipients. */
export async function activeAdmins(
  db: Database,
  role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN',
  tenantId: string | null,
): Promise<AccountRecipient[]> {
  const conditions = [eq(users.role, role), isNull(users.disabledAt)];
  if (role === 'TENANT_ADMIN' && tenantId) conditions.push(eq(users.tenantId, tenantId));
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(...conditions));
}

/** A person's first and last name ('' when the account is gone). */
export async function fullNameOf(db: Database, userId: string): Promise<string> {
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return person ? `${person.firstName} ${person.lastName}` : '';
}
