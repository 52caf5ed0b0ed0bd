import type { Role } from '@leasing/contract';

/**
 * Admins must use a second factor; a new admin may work without one for this long from the day the
 * role was given (then: 403).
 */
export const MFA_GRACE_MS = 14 * 24 * 60 * 60_000;

export interface MfaSubject {
  role: Role;
  roleGrantedAt: Date;
  mfaEnabledAt: Date | null;
}

export interface MfaPolicy {
  enabled: boolean;
  required: boolean;
  /** End of the admin's grace period; null when enrolled or not required. */
  graceEndsAt: Date | null;
  /** Admin routes are closed to this user until enrolment. */
  blocked: boolean;
}

export function mfaPolicy(user: MfaSubject, now: Date): MfaPolicy {
  const enabled = user.mfaEnabledAt !== null;
  const required = user.role === 'TENANT_ADMIN' || user.role === 'PROVIDER_ADMIN';
  if (enabled || !required) return { enabled, required, graceEndsAt: null, blocked: false };
  const graceEndsAt = new Date(user.roleGrantedAt.getTime() + MFA_GRACE_MS);
  return { enabled, required, graceEndsAt, blocked: now.getTime() >= graceEndsAt.getTime() };
}

/**
 * The `roleGrantedAt` of an admin who gets no grace period: one who accepted an invitation (the
 * enrolment is part of the acceptance) or whose factor the provider reset. From now on the admin's
 * session reaches only the enrolment, and the enrolment needs the proof of the mailbox (ADR 0025).
 */
export function graceAlreadyOver(now: Date): Date {
  return new Date(now.getTime() - MFA_GRACE_MS);
}
