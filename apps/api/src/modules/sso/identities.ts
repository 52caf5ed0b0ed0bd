import { EmailSchema, type SsoErrorReason } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { ssoIdentities } from '../../db/schema-sso.js';
import { recordAudit } from '../../lib/audit.js';
import { confirmByCompanySignIn, createCompanyAccount } from '../account/index.js';
import { findUserByEmail, findUserById, type UserRow } from '../auth/index.js';

/**
 * Who the identity provider's answer is on our side: the account linked to its `iss` and `sub`, else
 * the employer's account of the verified address (then linked), else a new employee of the employer.
 * Everything that refuses is decided before anything is written, and what is written (account, link,
 * audit) is one transaction: a refused answer leaves nothing behind.
 */

/** The claims the decision reads, from the ID token (or the userinfo endpoint where it lacks them). */
export interface PersonClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  locale?: unknown;
}

export interface PersonInput {
  tenantId: string;
  /** The issuer as the provider's discovery document names it (the ID token's `iss`). */
  issuer: string;
  domains: string[];
  claims: PersonClaims;
}

export type PersonOutcome =
  { userId: string; outcome: 'known' | 'linked' | 'created'; linkedBefore: boolean } | { refused: SsoErrorReason };

/** One line of text from the provider, as a name field takes it (no control characters, at most 100). */
function nameText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

/** `given_name` and `family_name`; without them the parts of `name`; without that the address's local part. */
export function namesOf(claims: PersonClaims, email: string): { firstName: string; lastName: string } {
  let firstName = nameText(claims.given_name);
  let lastName = nameText(claims.family_name);
  if (!firstName && !lastName) {
    const parts = nameText(claims.name).split(' ').filter(Boolean);
    lastName = parts.length > 1 ? (parts.pop() ?? '') : '';
    firstName = parts.join(' ');
  }
  if (!firstName) firstName = email.slice(0, email.indexOf('@')).slice(0, 100);
  return { firstName, lastName };
}

const languageOf = (locale: unknown): 'de' | 'en' =>
  typeof locale === 'string' && /^en\b/i.test(locale) ? 'en' : 'de';

/** The account may be signed into: of this employer, neither deactivated nor erased. */
function refusalOf(user: UserRow, tenantId: string): SsoErrorReason | null {
  if (user.tenantId !== tenantId) return 'account_elsewhere';
  if (user.disabledAt || user.deletedAt) return 'account_disabled';
  return null;
}

/** The address the provider vouches for, when it is one of the employer's domains and verified. */
function verifiedAddress(input: PersonInput): { email: string } | { refused: SsoErrorReason } {
  const parsed = EmailSchema.safeParse(input.claims.email);
  if (!parsed.success) return { refused: 'email_not_allowed' };
  // Some providers send the boolean as a string.
  const verified = input.claims.email_verified === true || input.claims.email_verified === 'true';
  if (!verified) return { refused: 'email_unverified' };
  const domain = parsed.data.slice(parsed.data.lastIndexOf('@') + 1);
  if (!input.domains.includes(domain)) return { refused: 'email_not_allowed' };
  return { email: parsed.data };
}

/** The address or the subject was taken between the look-up and the insert (a parallel first sign-in): decided again. */
class AddressTakenMeanwhile extends Error {}

export async function resolvePerson(
  db: Database,
  input: PersonInput,
  ctx: { requestId: string; now: Date },
): Promise<PersonOutcome> {
  try {
    return await resolveOnce(db, input, ctx);
  } catch (error) {
    if (!(error instanceof AddressTakenMeanwhile)) throw error;
    return resolveOnce(db, input, ctx);
  }
}

async function resolveOnce(
  db: Database,
  input: PersonInput,
  ctx: { requestId: string; now: Date },
): Promise<PersonOutcome> {
  const address = verifiedAddress(input);
  if ('refused' in address) return address;
  const { email } = address;
  const { tenantId, issuer } = input;
  const subject = input.claims.sub;
  return db.transaction(async (tx): Promise<PersonOutcome> => {
    const [linked] = await tx
      .select()
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
    if (linked) {
      // The provider's subject is the stable name: a changed address at the provider still finds the account.
      const user = await findUserById(tx, linked.userId);
      const refused = user ? refusalOf(user, tenantId) : 'account_disabled';
      if (refused || !user) return { refused: refused ?? 'account_disabled' };
      await tx.update(ssoIdentities).set({ lastSignInAt: ctx.now }).where(eq(ssoIdentities.id, linked.id));
      await auditSignIn(tx, user.id, tenantId, 'known', ctx);
      return { userId: user.id, outcome: 'known', linkedBefore: true };
    }
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      const refused = refusalOf(existing, tenantId);
      if (refused) return { refused };
      // Another person of this provider already owns the account (an address given to someone new):
      // the account is not handed over.
      const [other] = await tx
        .select({ id: ssoIdentities.id })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.userId, existing.id), eq(ssoIdentities.issuer, issuer)));
      if (other) return { refused: 'identity_conflict' };
      const inserted = await tx
        .insert(ssoIdentities)
        .values({ issuer, subject, userId: existing.id, tenantId, createdAt: ctx.now, lastSignInAt: ctx.now })
        .onConflictDoNothing()
        .returning({ id: ssoIdentities.id });
      if (inserted.length === 0) return { refused: 'identity_conflict' };
      await confirmByCompanySignIn(tx, { id: existing.id, tenantId }, ctx);
      await auditSignIn(tx, existing.id, tenantId, 'linked', ctx);
      return { userId: existing.id, outcome: 'linked', linkedBefore: false };
    }
    const created = await createCompanyAccount(
      tx,
      { tenantId, email, ...namesOf(input.claims, email), language: languageOf(input.claims.locale) },
      ctx,
    );
    if (!created) throw new AddressTakenMeanwhile();
    const link = await tx
      .insert(ssoIdentities)
      .values({ issuer, subject, userId: created.id, tenantId, createdAt: ctx.now, lastSignInAt: ctx.now })
      .onConflictDoNothing()
      .returning({ id: ssoIdentities.id });
    // The same person's parallel first sign-in linked the subject first: this account goes again.
    if (link.length === 0) throw new AddressTakenMeanwhile();
    await auditSignIn(tx, created.id, tenantId, 'created', ctx);
    return { userId: created.id, outcome: 'created', linkedBefore: false };
  });
}

async function auditSignIn(
  tx: Database,
  userId: string,
  tenantId: string,
  outcome: 'known' | 'linked' | 'created',
  ctx: { requestId: string; now: Date },
): Promise<void> {
  await recordAudit(tx, {
    actorUserId: userId,
    tenantId,
    action: 'auth.sso.signed_in',
    subjectType: 'user',
    subjectId: userId,
    fields: [`identity:${outcome}`],
    requestId: ctx.requestId,
    at: ctx.now,
  });
}
