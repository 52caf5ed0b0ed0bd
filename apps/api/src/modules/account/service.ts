import type { AuthResponse, InviteRequest, PasswordResetRequest, RegisterRequest } from '@leasing/contract';
import { EmailSchema } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { tenants, users } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { AUTH_LIMITS } from '../../lib/rate-limiter.js';
import * as authRepo from '../auth/repository.js';
import { startSession, type AuthDeps } from '../auth/service.js';
import { enqueueMail } from '../mail/outbox.js';
import { createCode, invalidateOpenCodes, redeemCode } from './codes.js';

export interface AccountDeps extends AuthDeps {
  publicUrl: string;
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

function throttle(deps: AccountDeps, key: string, rule: { limit: number; windowMs: number }): void {
  const wait = deps.limiter.retryAfter(key, rule);
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', 'Zu viele Versuche. Bitte später erneut versuchen.', {
      headers: { 'retry-after': String(wait) },
    });
  }
  deps.limiter.hit(key, rule);
}

/**
 * Registration with the employer's code. For a valid code the answer is always the same, whether the
 * address is new or not: a new account gets a confirmation mail, an existing one a notice. The
 * password is hashed in both cases so the answers take the same time.
 */
export async function register(
  deps: AccountDeps,
  registerCode: string,
  input: RegisterRequest,
  ctx: RequestContext,
): Promise<void> {
  throttle(deps, `register:ip:${ctx.ip}`, AUTH_LIMITS.registerPerIp);
  const [tenant] = await deps.db
    .select()
    .from(tenants)
    .where(and(eq(tenants.registerCode, registerCode.trim()), eq(tenants.enabled, true)))
    .limit(1);
  const passwordHash = await hashPassword(input.password);
  if (!tenant) throw REGISTRATION_FAILED();
  const now = deps.clock.now();
  const existing = await authRepo.findUserByEmail(deps.db, input.email);
  await deps.db.transaction(async (tx) => {
    if (existing) {
      await enqueueMail(
        tx,
        existing.email,
        { kind: 'REGISTER_EXISTING', firstName: existing.firstName, resetLink: `${deps.publicUrl}/forgotten` },
        now,
      );
      return;
    }
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: input.email,
        passwordHash,
        role: 'EMPLOYEE',
        title: input.title ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        employeeId: input.employeeId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return; // registered in parallel: same neutral answer
    const code = await createCode(tx, { userId: user.id, purpose: 'EMAIL_CONFIRM', now });
    await enqueueMail(
      tx,
      user.email,
      { kind: 'EMAIL_CONFIRM', firstName: user.firstName, link: `${deps.publicUrl}/user/emailConfirm/${code}` },
      now,
    );
    await recordAudit(tx, {
      actorUserId: user.id,
      tenantId: tenant.id,
      action: 'account.registered',
      subjectType: 'user',
      subjectId: user.id,
      fields: ['title', 'firstName', 'lastName', 'email', 'employeeId', 'password'],
      requestId: ctx.requestId,
      at: now,
    });
  });
  deps.mailSent();
}

/** Confirms a registration address or an address change (single use, expires). */
export async function confirmEmail(deps: AccountDeps, code: string, ctx: RequestContext): Promise<void> {
  throttle(deps, `code:ip:${ctx.ip}`, AUTH_LIMITS.codePerIp);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await redeemCode(tx, code, ['EMAIL_CONFIRM', 'EMAIL_CHANGE'], now);
    if (!row) throw CODE_INVALID();
    const user = await authRepo.findUserById(tx, row.userId);
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
    if (await authRepo.findUserByEmail(tx, newEmail)) throw CODE_INVALID();
    await tx.update(users).set({ email: newEmail, emailConfirmedAt: now }).where(eq(users.id, user.id));
    await enqueueMail(tx, user.email, { kind: 'EMAIL_CHANGED', firstName: user.firstName }, now);
    await audit(tx, user, 'account.email_changed', ['email'], ctx, now);
  });
  deps.mailSent();
}

/** Always the same answer; a mail goes out only for an active account. */
export async function requestPasswordReset(
  deps: AccountDeps,
  emailAddress: string,
  ctx: RequestContext,
): Promise<void> {
  throttle(deps, `reset:ip:${ctx.ip}`, AUTH_LIMITS.resetPerIp);
  const parsed = EmailSchema.safeParse(emailAddress);
  if (!parsed.success) return;
  const email = parsed.data;
  if (deps.limiter.retryAfter(`reset:email:${email}`, AUTH_LIMITS.resetPerEmail) > 0) return;
  deps.limiter.hit(`reset:email:${email}`, AUTH_LIMITS.resetPerEmail);
  const user = await authRepo.findUserByEmail(deps.db, email);
  if (!user || user.disabledAt) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await invalidateOpenCodes(tx, user.id, 'PASSWORD_RESET', now);
    const code = await createCode(tx, { userId: user.id, purpose: 'PASSWORD_RESET', now });
    await enqueueMail(
      tx,
      user.email,
      { kind: 'PASSWORD_RESET', firstName: user.firstName, link: `${deps.publicUrl}/user/passwordReset/${code}` },
      now,
    );
  });
  deps.mailSent();
}

/**
 * Sets a password with a reset, invite or welcome code. Every other session of the user ends; the
 * answer is a fresh session (spec 7: the response is stored as authData).
 */
export async function resetPassword(
  deps: AccountDeps,
  input: PasswordResetRequest,
  ctx: RequestContext,
): Promise<AuthResponse> {
  throttle(deps, `code:ip:${ctx.ip}`, AUTH_LIMITS.codePerIp);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const row = await redeemCode(tx, input.code, ['PASSWORD_RESET', 'INVITE', 'WELCOME'], now);
    if (!row) throw CODE_INVALID();
    const found = await authRepo.findUserById(tx, row.userId);
    if (!found || found.disabledAt) throw CODE_INVALID();
    // Invite and welcome links prove the address as well.
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: found.emailConfirmedAt ?? now })
      .where(eq(users.id, found.id));
    await authRepo.revokeAllForUser(tx, found.id, now);
    await enqueueMail(tx, found.email, { kind: 'PASSWORD_CHANGED', firstName: found.firstName }, now);
    await audit(tx, found, 'account.password_set', ['password'], ctx, now);
    return found;
  });
  deps.mailSent();
  return startSession(deps, user);
}

/**
 * Starts an address change: the new address gets a confirmation link, the old one a notice. The
 * answer is the same whether or not the new address is taken (no enumeration).
 */
export async function requestEmailChange(
  deps: AccountDeps,
  userId: string,
  newEmailRaw: string,
  ctx: RequestContext,
): Promise<void> {
  const parsed = EmailSchema.safeParse(newEmailRaw);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Die E-Mail-Adresse ist ungültig.', {
      errors: [{ field: 'email', message: 'Has to be valid email' }],
    });
  }
  const newEmail = parsed.data;
  throttle(deps, `email-change:user:${userId}`, AUTH_LIMITS.resetPerEmail);
  const user = await authRepo.findUserById(deps.db, userId);
  if (!user) throw CODE_INVALID();
  if (newEmail === user.email) return;
  const taken = await authRepo.findUserByEmail(deps.db, newEmail);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await invalidateOpenCodes(tx, user.id, 'EMAIL_CHANGE', now);
    if (!taken) {
      const code = await createCode(tx, { userId: user.id, purpose: 'EMAIL_CHANGE', newEmail, now });
      await enqueueMail(
        tx,
        newEmail,
        {
          kind: 'EMAIL_CHANGE_CONFIRM',
          firstName: user.firstName,
          link: `${deps.publicUrl}/user/emailConfirm/${code}`,
        },
        now,
      );
    }
    await enqueueMail(tx, user.email, { kind: 'EMAIL_CHANGE_NOTICE', firstName: user.firstName }, now);
    await audit(tx, user, 'account.email_change_requested', ['email'], ctx, now);
  });
  deps.mailSent();
}

/** The employer's tenant admin invites an employee; the invite link leads to the set-password screen. */
export async function createInvite(
  deps: AccountDeps,
  admin: { id: string; tenantId: string | null },
  input: InviteRequest & { variant?: 'INVITE' | 'WELCOME' },
  ctx: RequestContext,
): Promise<void> {
  if (!admin.tenantId) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  const tenantId = admin.tenantId;
  const now = deps.clock.now();
  const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!tenant) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        email: input.email,
        role: 'EMPLOYEE',
        title: input.title ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        employeeId: input.employeeId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return; // an account exists already: nothing to invite, same answer
    const purpose = input.variant ?? 'INVITE';
    const code = await createCode(tx, { userId: user.id, purpose, now });
    const link =
      purpose === 'INVITE' ? `${deps.publicUrl}/invite/${code}` : `${deps.publicUrl}/register/set-password/${code}`;
    await enqueueMail(
      tx,
      user.email,
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
  });
  deps.mailSent();
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
