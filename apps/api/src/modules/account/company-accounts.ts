import { and, eq, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';

/**
 * The account side of the sign-in with the company account (modules/sso, ADR 0061): the employer's
 * identity provider vouches for the person and the address, so no register code and no confirmation
 * mail are needed. The caller has checked the employer (enabled, its domain, SSO switched on).
 */

export interface CompanyAccountInput {
  tenantId: string;
  /** Lower-cased, verified by the identity provider. */
  email: string;
  firstName: string;
  lastName: string;
  language: 'de' | 'en';
}

/**
 * A new employee of the employer, its address confirmed by the identity provider and without a
 * password (signs in with the company account; may set one through "Passwort vergessen" unless the
 * employer requires the company account). Null when the address was taken meanwhile.
 */
export async function createCompanyAccount(
  tx: Database,
  input: CompanyAccountInput,
  ctx: { requestId: string; now: Date },
): Promise<{ id: string } | null> {
  const [user] = await tx
    .insert(users)
    .values({
      tenantId: input.tenantId,
      email: input.email,
      passwordHash: null,
      role: 'EMPLOYEE',
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      emailConfirmedAt: ctx.now,
      createdAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return null;
  await recordAudit(tx, {
    actorUserId: user.id,
    tenantId: input.tenantId,
    action: 'account.registered_by_company_sign_in',
    subjectType: 'user',
    subjectId: user.id,
    fields: ['firstName', 'lastName', 'email', 'language'],
    requestId: ctx.requestId,
    at: ctx.now,
  });
  return user;
}

/**
 * An existing account, linked to the company account, whose address was never confirmed: the identity
 * provider has confirmed it now. Its password goes: an unconfirmed registration may have been made by
 * someone else with the person's address (account pre-hijacking), and that password must not become a
 * way in once the address counts as confirmed.
 */
export async function confirmByCompanySignIn(
  tx: Database,
  user: { id: string; tenantId: string },
  ctx: { requestId: string; now: Date },
): Promise<void> {
  const confirmed = await tx
    .update(users)
    .set({ emailConfirmedAt: ctx.now, passwordHash: null })
    .where(and(eq(users.id, user.id), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  if (confirmed.length === 0) return;
  await recordAudit(tx, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action: 'account.email_confirmed',
    subjectType: 'user',
    subjectId: user.id,
    fields: ['emailConfirmedAt', 'password'],
    requestId: ctx.requestId,
    at: ctx.now,
  });
}
