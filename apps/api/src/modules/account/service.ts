import type { InviteRequest, PasswordResetRequest, PasswordSetResponse, RegisterRequest } from '@leasing/contract';
import { EmailSchema, SSO_REQUIRED_FIELD_ERROR, SSO_REQUIRED_MESSAGE } from '@leasing/contract';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import { hashPassword } from '../../lib/password.js';
import { passwordPolicyError, type PasswordOwner } from '../../lib/password-policy.js';
import { AUTH_LIMITS } from '../../lib/rate-limiter.js';
import {
  type AuthDeps,
  confirmPassword,
  createCode,
  findUserByEmail,
  findUserById,
  graceAlreadyOver,
  invalidateOpenCodes,
  mfaPolicy,
  redeemCode,
  revokeAllForUser,
  startSession,
} from '../auth/index.js';
import { enqueueMail } from '../mail/index.js';
import { endGracePeriod, issueEnrolmentCode } from '../mfa/index.js';
import { countRegisterCodeUse, findRegistrationTenant, tenantFactsOf } from '../tenants/index.js';

export interface AccountDeps extends AuthDeps {
  publicUrl: string;
  /** Address-dependent work runs after the answer, so its duration tells nothing (register, reset). */
  background: BackgroundTasks;
  /** Wakes the mail worker after a commit. */
  mailSent(): void;
}

export interface RequestContext {
  ip: string;
  requestId: string;
}

const REGISTRATION_FAILED = () =>
  new AppError(
    'REGISTRATION_FAILED',
    'Die Registrierung war nicht erfolgreich. Möglicherweise ist der Code falsch oder es besteht bereits ein Konto mit dieser E-Mail-Adresse.',
  );
const CODE_INVALID = () =>
  new AppError('CODE_INVALID', 'Der Link ist ungültig oder abgelaufen.', {
    errors: [{ field: 'code', message: 'invalid' }],
  });

async function throttle(deps: AccountDeps, key: string, rule: { limit: number; windowMs: number }): Promise<void> {
  const wait = await deps.limiter.take(key, rule);
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', 'Zu viele Versuche. Bitte später erneut versuchen.', {
      headers: { 'retry-after': String(wait) },
    });
  }
}

/**
 * Registration with the employer's code. For a valid code the answer is always the same, and takes
 * the same time, whether the address is new or not: everything up to the password hash is the same
 * work, and what depends on the address (a new account and its confirmation mail, or a notice to the
 * existing one) happens after the answer.
 */
export async function register(
  deps: AccountDeps,
  registerCode: string,
  input: RegisterRequest,
  ctx: RequestContext,
): Promise<void> {
  await throttle(deps, `register:ip:${ctx.ip}`, AUTH_LIMITS.registerPerIp);
  // Judged on the input alone, before anything is looked up: the answer tells nothing about accounts.
  await refuseWeakPassword(input.password, input);
  const now = deps.clock.now();
  // Unknown, revoked, expired and used-up codes and disabled employers: all the same null.
  const tenant = await findRegistrationTenant(deps.db, registerCode, now);
  const passwordHash = await hashPassword(input.password);
  if (!tenant) throw REGISTRATION_FAILED();
  deps.background.run('register', () =>
    createRegistration(deps, { tenantId: tenant.id, code: registerCode }, input, passwordHash, ctx, now),
  );
}

async function createRegistration(
  deps: AccountDeps,
  via: { tenantId: string; code: string },
  input: RegisterRequest,
  passwordHash: string,
  ctx: RequestContext,
  now: Date,
): Promise<void> {
  const { tenantId } = via;
  const existing = await findUserByEmail(deps.db, input.email);
  await deps.db
    .transaction(async (tx) => {
      if (existing) {
        await enqueueMail(
          tx,
          existing,
          { kind: 'REGISTER_EXISTING', firstName: existing.firstName, resetLink: `${deps.publicUrl}/forgotten` },
          now,
        );
        return;
      }
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          email: input.email,
          passwordHash,
          role: 'EMPLOYEE',
          title: input.title ?? null,
          firstName: input.firstName,
          lastName: input.lastName,
          employeeId: input.employeeId ?? null,
          // The language the person registered in: their mails, this one first, speak it.
          language: input.language ?? 'de',
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!user) return; // registered in parallel: same neutral answer
      // The code's use counts with the account; used up meanwhile (maxUses): no account after all.
      if (!(await countRegisterCodeUse(tx, via.code, now))) throw new RegistrationCodeGone();
      const code = await createCode(tx, { userId: user.id, purpose: 'EMAIL_CONFIRM', now });
      await enqueueMail(
        tx,
        user,
        { kind: 'EMAIL_CONFIRM', firstName: user.firstName, link: `${deps.publicUrl}/user/emailConfirm/${code}` },
        now,
      );
      await recordAudit(tx, {
        actorUserId: user.id,
        tenantId,
        action: 'account.registered',
        subjectType: 'user',
        subjectId: user.id,
        fields: ['title', 'firstName', 'lastName', 'email', 'employeeId', 'password'],
        requestId: ctx.requestId,
        at: now,
      });
    })
    .catch((error: unknown) => {
      if (!(error instanceof RegistrationCodeGone)) throw error;
    });
  deps.mailSent();
}

/** Rolls back a registration whose code was used up between the answer and the account. */
class RegistrationCodeGone extends Error {}

/** Confirms a registration address or an address change (single use, expires). */
export async function confirmEmail(deps: AccountDeps, code: string, ctx: RequestContext): Promise<void> {
  await throttle(deps, `code:ip:${ctx.ip}`, AUTH_LIMITS.codePerIp);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await redeemCode(tx, code, ['EMAIL_CONFIRM', 'EMAIL_CHANGE'], now);
    if (!row) throw CODE_INVALID();
    const user = await findUserById(tx, row.userId);
    if (!user) throw CODE_INVALID();
    if (row.purpose === 'EMAIL_CONFIRM') {
      await tx
        .update(users)
        .set({ emailConfirmedAt: user.emailConfirmedAt ?? now })
        .where(eq(users.id, user.id));
      await audit(tx, user, 'account.email_confirmed', ['emailConfirmedAt'], ctx, now);
      return;
    }
    const newEmail = row.newEmail ?? '';
    if (await findUserByEmail(tx, newEmail)) throw CODE_INVALID();
    await tx.update(users).set({ email: newEmail, emailConfirmedAt: now }).where(eq(users.id, user.id));
    // To the old address, which the row still holds.
    await enqueueMail(tx, user, { kind: 'EMAIL_CHANGED', firstName: user.firstName }, now);
    await audit(tx, user, 'account.email_changed', ['email'], ctx, now);
  });
  deps.mailSent();
}

/**
 * Always the same answer in the same time: the lookup and the mail for an active account happen after
 * the answer.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  emailAddress: string,
  ctx: RequestContext,
): Promise<void> {
  await throttle(deps, `reset:ip:${ctx.ip}`, AUTH_LIMITS.resetPerIp);
  const parsed = EmailSchema.safeParse(emailAddress);
  if (!parsed.success) return;
  const email = parsed.data;
  if ((await deps.limiter.take(`reset:email:${email}`, AUTH_LIMITS.resetPerEmail)) > 0) return;
  deps.background.run('password-reset', () => sendPasswordReset(deps, email));
}

async function sendPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.disabledAt) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await invalidateOpenCodes(tx, user.id, 'PASSWORD_RESET', now);
    const code = await createCode(tx, { userId: user.id, purpose: 'PASSWORD_RESET', now });
    await enqueueMail(
      tx,
      user,
      { kind: 'PASSWORD_RESET', firstName: user.firstName, link: `${deps.publicUrl}/user/passwordReset/${code}` },
      now,
    );
  });
  deps.mailSent();
}

/**
 * Sets a password with a reset, invite or welcome code. Every other session of the user ends; the
 * answer is a fresh session (spec 7: the response is stored as authData). For an admin without a
 * second factor the mailed link was also the proof of the mailbox the enrolment needs, so the answer
 * carries an enrolment code, and an accepted invitation ends the grace period: the enrolment is part
 * of accepting it, and the password alone never gives the new admin more than the enrolment (ADR 0025).
 */
export async function resetPassword(
  deps: AccountDeps,
  input: PasswordResetRequest,
  ctx: RequestContext,
): Promise<PasswordSetResponse> {
  await throttle(deps, `code:ip:${ctx.ip}`, AUTH_LIMITS.codePerIp);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const { user, enrolmentCode } = await deps.db.transaction(async (tx) => {
    const row = await redeemCode(tx, input.code, ['PASSWORD_RESET', 'INVITE', 'WELCOME'], now);
    if (!row) throw CODE_INVALID();
    const found = await findUserById(tx, row.userId);
    if (!found || found.disabledAt) throw CODE_INVALID();
    // Refused inside the transaction, so the code stays usable for a better password.
    await refuseWeakPassword(input.password, found);
    // Invite and welcome links prove the address as well.
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: found.emailConfirmedAt ?? now })
      .where(eq(users.id, found.id));
    await revokeAllForUser(tx, found.id, now);
    await enqueueMail(tx, found, { kind: 'PASSWORD_CHANGED', firstName: found.firstName }, now);
    await audit(tx, found, 'account.password_set', ['password'], ctx, now);
    if (!mfaPolicy(found, now).required || found.mfaEnabledAt) return { user: found, enrolmentCode: null };
    if (row.purpose === 'INVITE') await endGracePeriod(tx, found.id, graceAlreadyOver(now));
    return { user: found, enrolmentCode: await issueEnrolmentCode(tx, found.id, now) };
  });
  deps.mailSent();
  // The employer requires its company account (ADR 0061): the password is set, but signs nobody in.
  if (await deps.companySignInRequired?.(user)) {
    throw new AppError('FORBIDDEN', SSO_REQUIRED_MESSAGE, { errors: [{ ...SSO_REQUIRED_FIELD_ERROR }] });
  }
  const session = await startSession(deps, user);
  if (!session.authenticated || !enrolmentCode) return session;
  return { ...session, mfaEnrollmentRequired: true, mfaEnrolmentCode: enrolmentCode };
}

/**
 * Starts an address change: the new address gets a confirmation link, the old one a notice. The
 * answer is the same whether or not the new address is taken (no enumeration).
 */
export async function requestEmailChange(
  deps: AccountDeps,
  userId: string,
  newEmailRaw: string,
  password: string,
  ctx: RequestContext,
): Promise<void> {
  const parsed = EmailSchema.safeParse(newEmailRaw);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Die E-Mail-Adresse ist ungültig.', {
      errors: [{ field: 'email', message: 'Has to be valid email' }],
    });
  }
  const newEmail = parsed.data;
  await confirmPassword(deps, userId, password);
  await throttle(deps, `email-change:user:${userId}`, AUTH_LIMITS.resetPerEmail);
  const user = await findUserById(deps.db, userId);
  if (!user) throw CODE_INVALID();
  if (newEmail === user.email) return;
  // Addresses are unique across all employers: look beyond the caller's own rows.
  const taken = await runAsSystem(() => findUserByEmail(deps.db, newEmail));
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await invalidateOpenCodes(tx, user.id, 'EMAIL_CHANGE', now);
    if (!taken) {
      const code = await createCode(tx, { userId: user.id, purpose: 'EMAIL_CHANGE', newEmail, now });
      await enqueueMail(
        tx,
        { email: newEmail, language: user.language },
        {
          kind: 'EMAIL_CHANGE_CONFIRM',
          firstName: user.firstName,
          link: `${deps.publicUrl}/user/emailConfirm/${code}`,
        },
        now,
      );
    }
    await enqueueMail(tx, user, { kind: 'EMAIL_CHANGE_NOTICE', firstName: user.firstName }, now);
    await audit(tx, user, 'account.email_change_requested', ['email'], ctx, now);
  });
  deps.mailSent();
}

/**
 * The employer's tenant admin invites an employee; the invite link leads to the set-password screen.
 * True when an invite went out (a new account, a renewed own invite or a taken-over unconfirmed
 * registration); false when the address cannot be invited (see `claimInvitedAddress`). The single
 * invite answers 202 either way; the bulk invite reports a false as a refused row.
 */
export async function createInvite(
  deps: AccountDeps,
  admin: { id: string; tenantId: string | null },
  input: InviteRequest & { variant?: 'INVITE' | 'WELCOME' },
  ctx: RequestContext,
): Promise<boolean> {
  if (!admin.tenantId) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  const tenantId = admin.tenantId;
  const now = deps.clock.now();
  const tenant = (await tenantFactsOf(deps.db, [tenantId])).get(tenantId);
  if (!tenant) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  // The address may be claimed by an unconfirmed registration under any employer: taking it over is
  // the platform's work, done for the admin whose rights were checked above.
  const invited = await runAsSystem(() =>
    deps.db.transaction(async (tx) => {
      const user = await claimInvitedAddress(tx, tenantId, input, now);
      if (!user) return false; // the address is someone else's or confirmed: nothing to invite
      const purpose = input.variant ?? 'INVITE';
      const code = await createCode(tx, { userId: user.id, purpose, now });
      const link =
        purpose === 'INVITE' ? `${deps.publicUrl}/invite/${code}` : `${deps.publicUrl}/register/set-password/${code}`;
      // A new account speaks German until its owner chooses (the inviter's language is not theirs).
      await enqueueMail(
        tx,
        user,
        purpose === 'INVITE'
          ? { kind: 'INVITE', firstName: user.firstName, tenantName: tenant.name, link }
          : { kind: 'WELCOME', firstName: user.firstName, link },
        now,
      );
      await recordAudit(tx, {
        actorUserId: admin.id,
        tenantId,
        action: 'account.invited',
        subjectType: 'user',
        subjectId: user.id,
        fields: ['email', 'firstName', 'lastName', 'title', 'employeeId'],
        requestId: ctx.requestId,
        at: now,
      });
      return true;
    }),
  );
  if (invited) deps.mailSent();
  return invited;
}

/**
 * The account an invite goes to. A new address gets a new account. An address someone registered but
 * never confirmed was only a claim: the invite wins, the claim's password and open links die, and the
 * account becomes the invited person's in the inviting employer (no squatting an invite by registering
 * first). An invite still open at the same employer is renewed. Everything else stays as it is (null):
 * a confirmed account, an admin, and another employer's open invite (no poaching a colleague's invite,
 * or the provider's newly invited HR admin, by inviting the same address).
 */
export async function claimInvitedAddress(tx: Database, tenantId: string, input: InviteRequest, now: Date) {
  const person = {
    tenantId,
    role: 'EMPLOYEE' as const,
    title: input.title ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    employeeId: input.employeeId ?? null,
  };
  const [created] = await tx
    .insert(users)
    .values({ ...person, email: input.email, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [claimed] = await tx
    .update(users)
    .set({ ...person, passwordHash: null })
    .where(
      and(
        eq(users.email, input.email),
        eq(users.role, 'EMPLOYEE'),
        isNull(users.emailConfirmedAt),
        isNull(users.deletedAt),
        // A self-registration carries its own password; an open invite has none yet.
        or(isNotNull(users.passwordHash), eq(users.tenantId, tenantId)),
      ),
    )
    .returning();
  if (!claimed) return null;
  for (const purpose of ['EMAIL_CONFIRM', 'WELCOME', 'INVITE', 'PASSWORD_RESET'] as const)
    await invalidateOpenCodes(tx, claimed.id, purpose, now);
  await revokeAllForUser(tx, claimed.id, now);
  return claimed;
}

async function refuseWeakPassword(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await passwordPolicyError(password, owner);
  if (problem) throw new AppError('VALIDATION_FAILED', 'Bitte wählen Sie ein anderes Passwort.', { errors: [problem] });
}

function audit(
  db: Database,
  user: { id: string; tenantId: string | null },
  action: string,
  fields: string[],
  ctx: RequestContext,
  at: Date,
): Promise<void> {
  return recordAudit(db, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action,
    subjectType: 'user',
    subjectId: user.id,
    fields,
    requestId: ctx.requestId,
    at,
  });
}

/**
 * Disables an account (the employer's or provider's decision): every session ends now, and turning
 * the account on again later does not revive a single old token.
 */
export async function setAccountDisabled(db: Database, userId: string, disabled: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(users.id, userId));
    if (disabled) await revokeAllForUser(tx, userId, now);
  });
}
