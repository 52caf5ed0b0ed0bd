import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The account's part of the person's details (spec 3 addressDto): the rest is the profile's address. */
export interface AccountDetails {
  title: (typeof users.$inferSelect)['title'];
  firstName: string;
  lastName: string;
  employeeId: string | null;
  email: string;
}

/** The person's name, title, personnel number and e-mail; undefined when there is no such account. */
export async function accountDetailsOf(db: Database, userId: string): Promise<AccountDetails | undefined> {
  const [row] = await db
    .select({
      title: users.title,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeId: users.employeeId,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Saves what the person may change of their account's details (the e-mail has its own confirmed way). */
export async function saveAccountDetails(
  db: Database,
  userId: string,
  details: Pick<AccountDetails, 'title' | 'firstName' | 'lastName' | 'employeeId'>,
): Promise<void> {
  await db
    .update(users)
    .set({
      title: details.title,
      firstName: details.firstName,
      lastName: details.lastName,
      employeeId: details.employeeId,
    })
    .where(eq(users.id, userId));
}

/** The signed-in person as `/v1/me` answers them (the employer's name is the provider's to tell). */
export async function signedInAccountOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      tenantId: users.tenantId,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Remembers the interface and mail language on the account. */
export async function saveLanguage(
  db: Database,
  userId: string,
  language: (typeof users.$inferSelect)['language'],
): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
