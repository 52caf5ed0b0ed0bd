import { and, asc, count, eq, inArray, isNull, notInArray, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import { createCode, findUserByEmail, invalidateOpenCodes } from '../auth/index.js';
import { enqueueMail } from '../mail/index.js';
import { claimInvitedAddress, type AccountDeps, type RequestContext } from './service.js';

/**
 * The employer's directory (SCIM, ADR 0060) as the account module serves it: the employer's people
 * read by address or id, created like an invitation, and changed in the name of the HR admin whose
 * token the directory holds. The directory never sees or touches admin accounts: they belong to the
 * employer's or provider's organisation.
 */

/** One of the employer's people as the directory sees them. */
export interface DirectoryPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
  /** Sign-in is off (SCIM's deactivation); an erased account is never listed at all. */
  disabled: boolean;
  createdAt: Date;
}

/** What the directory's writes need of the account's dependencies. */
type DirectoryDeps = Pick<AccountDeps, 'db' | 'clock' | 'publicUrl' | 'mailSent'>;

/** How a provisioned person signs in: a password of their own, or the employer's company sign-in. */
export type SignInKind = 'PASSWORD' | 'SSO';

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  employeeId: users.employeeId,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof users.$inferSelect)[K] };

const person = ({ disabledAt, ...row }: Row): DirectoryPerson => ({ ...row, disabled: disabledAt !== null });

/** The employer's employees that are not erased, the conditions of every directory read. */
function ofEmployer(tenantId: string): SQL[] {
  return [eq(users.tenantId, tenantId), eq(users.role, 'EMPLOYEE'), isNull(users.deletedAt)];
}

/**
 * A page of the employer's people in the order they were created (`offset`, `limit`), with the count
 * of all that match. `emails` / `ids` narrow the match (an empty list matches nobody); `excludeIds` are
 * people the directory deleted whose account still waits for its erasure.
 */
export async function directoryPeople(
  db: Database,
  tenantId: string,
  query: { emails?: string[]; ids?: string[]; excludeIds?: string[]; offset: number; limit: number },
): Promise<{ total: number; people: DirectoryPerson[] }> {
  if (query.emails?.length === 0 || query.ids?.length === 0) return { total: 0, people: [] };
  const conditions = ofEmployer(tenantId);
  if (query.emails)
    conditions.push(
      inArray(
        users.email,
        query.emails.map((e) => e.toLowerCase()),
      ),
    );
  if (query.ids) conditions.push(inArray(users.id, query.ids));
  if (query.excludeIds?.length) conditions.push(notInArray(users.id, query.excludeIds));
  const where = and(...conditions);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  const total = Number(counted?.n ?? 0);
  if (query.limit === 0 || query.offset >= total) return { total, people: [] };
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .offset(query.offset)
    .limit(query.limit);
  return { total, people: rows.map(person) };
}

/** One of the employer's people by id, or undefined (another employer's, an admin, erased, unknown). */
export async function directoryPerson(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<DirectoryPerson | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), ...ofEmployer(tenantId)));
  return row ? person(row) : undefined;
}

interface NewPerson {
  email: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
}

/**
 * Creates an employee of the admin's employer for the directory, as an invitation does
 * (`claimInvitedAddress`: a new address, an unconfirmed registration taken over, an open invite of
 * the same employer renewed; null when the address is someone else's). With `mail`, the welcome mail
 * goes out at once: a link to set a password, or for SSO a pointer to the company sign-in. `disabled`
 * creates the account with sign-in off (a directory's inactive user). `inTransaction` runs in the
 * same transaction (the directory's own row), as the platform, which the address's claim needs.
 */
export async function provisionEmployee(
  deps: DirectoryDeps,
  admin: { id: string; tenantId: string },
  input: NewPerson,
  options: { signIn: SignInKind; tenantName: string; mail: boolean; disabled: boolean },
  ctx: RequestContext,
  inTransaction?: (tx: Database, userId: string) => Promise<void>,
): Promise<string | null> {
  const now = deps.clock.now();
  const userId = await runAsSystem(() =>
    deps.db.transaction(async (tx) => {
      const user = await claimInvitedAddress(tx, admin.tenantId, { ...input, title: null }, now);
      if (!user) return null;
      if (options.disabled) await tx.update(users).set({ disabledAt: now }).where(eq(users.id, user.id));
      if (options.mail) await mailWelcome(tx, deps, user, options, now);
      await recordAudit(tx, {
        actorUserId: admin.id,
        tenantId: admin.tenantId,
        action: 'account.provisioned',
        subjectType: 'user',
        subjectId: user.id,
        fields: ['email', 'firstName', 'lastName', 'employeeId', ...(options.disabled ? ['disabledAt'] : [])],
        requestId: ctx.requestId,
        at: now,
      });
      if (inTransaction) await inTransaction(tx, user.id);
      return user.id;
    }),
  );
  if (userId && options.mail) deps.mailSent();
  return userId;
}

/** The welcome mail of a person created with sign-in off, once the directory activates them. */
export async function mailProvisionedWelcome(
  deps: DirectoryDeps,
  tenantId: string,
  userId: string,
  options: { signIn: SignInKind; tenantName: string },
): Promise<void> {
  const now = deps.clock.now();
  const sent = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.id, userId), ...ofEmployer(tenantId)));
    if (!user) return false;
    await mailWelcome(tx, deps, user, options, now);
    return true;
  });
  if (sent) deps.mailSent();
}

async function mailWelcome(
  tx: Database,
  deps: Pick<AccountDeps, 'publicUrl'>,
  user: { id: string; email: string; firstName: string; language: 'de' | 'en' },
  options: { signIn: SignInKind; tenantName: string },
  now: Date,
): Promise<void> {
  if (options.signIn === 'SSO') {
    // No password to set: the company sign-in is the way in, started from the sign-in page.
    await enqueueMail(
      tx,
      user,
      {
        kind: 'SSO_WELCOME',
        firstName: user.firstName,
        tenantName: options.tenantName,
        link: `${deps.publicUrl}/login`,
      },
      now,
    );
    return;
  }
  await invalidateOpenCodes(tx, user.id, 'WELCOME', now);
  const code = await createCode(tx, { userId: user.id, purpose: 'WELCOME', now });
  await enqueueMail(
    tx,
    user,
    { kind: 'WELCOME', firstName: user.firstName, link: `${deps.publicUrl}/register/set-password/${code}` },
    now,
  );
}

/** What the directory may change of a person. */
export interface PersonChanges {
  email?: string;
  firstName?: string;
  lastName?: string;
  employeeId?: string | null;
}

/**
 * Changes one of the employer's people as the directory says, in the request's scope (HR of the
 * token's employer). A new address is the company's word, so it takes effect at once (no
 * confirmation link), and the old address is told; an address held by anyone else is refused
 * (`ADDRESS_TAKEN`, which names no one). `inTransaction` writes the directory's own row with it.
 */
export async function updateProvisionedPerson(
  deps: DirectoryDeps,
  admin: { id: string; tenantId: string },
  userId: string,
  changes: PersonChanges,
  ctx: RequestContext,
  inTransaction?: (tx: Database) => Promise<void>,
): Promise<'UPDATED' | 'ADDRESS_TAKEN' | 'NOT_FOUND'> {
  const now = deps.clock.now();
  const email = changes.email?.toLowerCase();
  // Addresses are unique across all employers: look beyond the employer's own rows.
  const holder = email ? await runAsSystem(() => findUserByEmail(deps.db, email)) : undefined;
  if (holder && holder.id !== userId) return 'ADDRESS_TAKEN';
  const outcome = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.id, userId), ...ofEmployer(admin.tenantId)))
      .for('update');
    if (!before) return 'NOT_FOUND' as const;
    const set: Partial<typeof users.$inferInsert> = {};
    if (email !== undefined && email !== before.email) set.email = email;
    if (changes.firstName !== undefined) set.firstName = changes.firstName;
    if (changes.lastName !== undefined) set.lastName = changes.lastName;
    if (changes.employeeId !== undefined) set.employeeId = changes.employeeId;
    const fields = Object.keys(set);
    if (fields.length > 0) {
      await tx.update(users).set(set).where(eq(users.id, userId));
      // To the old address: the person learns of the change wherever they read their mail.
      if (set.email) await enqueueMail(tx, before, { kind: 'EMAIL_CHANGED', firstName: before.firstName }, now);
      await recordAudit(tx, {
        actorUserId: admin.id,
        tenantId: admin.tenantId,
        action: 'account.changed_by_directory',
        subjectType: 'user',
        subjectId: userId,
        fields,
        requestId: ctx.requestId,
        at: now,
      });
    }
    if (inTransaction) await inTransaction(tx);
    return set.email ? ('MAILED' as const) : ('UPDATED' as const);
  });
  if (outcome === 'MAILED') deps.mailSent();
  return outcome === 'MAILED' ? 'UPDATED' : outcome;
}
