import type { ProviderCase } from '../ident/index.js';

/**
 * What a pending driving-licence check becomes after asking the provider. Plain function: the
 * callback, the refresh job and the employee's page all decide the same way.
 */
export type LicenceCheckDecision =
  | { kind: 'keep' }
  | { kind: 'succeed'; completedAt: Date | null }
  | { kind: 'fail'; reason: string }
  /** The provider's case is not the one opened for this check (other kind or reference): no change. */
  | { kind: 'mismatch' };

/** What the provider said when asked about the case. */
export type ProviderAnswer = { case: ProviderCase } | { notFound: true } | { unavailable: true };

/** The check's side of the decision. */
export interface PendingLicenceCheck {
  id: string;
  createdAt: Date;
  expiresAt: Date | null;
  /** How the provider's case names this check; by default the lease's check (`licenceCheckReference`). */
  reference?: string;
}

/**
 * A check still without a final answer this long after its link ran out is given up ("abandoned"):
 * the person never finished it, or the provider lost it. Generous, so a completion the provider
 * reports late (asynchronous, or after an outage) still counts.
 */
export const ABANDON_AFTER_EXPIRY_MS = 24 * 3600_000;
/** For checks started before the link's expiry was kept. */
export const ASSUMED_LIFETIME_MS = 24 * 3600_000;

/** Our reasons, where the provider gave none; all others are the provider's words, unchanged. */
export const OWN_REASONS = {
  caseUnknown: 'case_unknown',
  abandoned: 'abandoned',
  expired: 'expired',
  cancelled: 'cancelled',
} as const;

const MAX_REASON_LENGTH = 200;

/** How a provider case names the check it belongs to (opaque to the provider, checked on every read). */
export const licenceCheckReference = (checkId: string): string => `licence-${checkId}`;

export function decideLicenceCheck(
  check: PendingLicenceCheck,
  answer: ProviderAnswer,
  now: Date,
): LicenceCheckDecision {
  if ('notFound' in answer) return { kind: 'fail', reason: OWN_REASONS.caseUnknown };
  if ('unavailable' in answer) return abandonedOrKeep(check, now);
  const remote = answer.case;
  if (remote.kind !== 'LICENCE_CHECK' || remote.reference !== (check.reference ?? licenceCheckReference(check.id))) {
    // Never a success; once the check is overdue for an answer it is given up like any other.
    const late = abandonedOrKeep(check, now);
    return late.kind === 'keep' ? { kind: 'mismatch' } : late;
  }
  switch (remote.status) {
    case 'PENDING':
      return abandonedOrKeep(check, now);
    case 'SUCCEEDED':
      return { kind: 'succeed', completedAt: remote.completedAt };
    case 'EXPIRED':
      return { kind: 'fail', reason: providerReason(remote.failureReason) ?? OWN_REASONS.expired };
    case 'CANCELLED':
      return { kind: 'fail', reason: providerReason(remote.failureReason) ?? OWN_REASONS.cancelled };
    case 'FAILED':
      return { kind: 'fail', reason: providerReason(remote.failureReason) ?? 'failed' };
  }
}

function abandonedOrKeep(check: PendingLicenceCheck, now: Date): LicenceCheckDecision {
  const expiresAt = check.expiresAt?.getTime() ?? check.createdAt.getTime() + ASSUMED_LIFETIME_MS;
  return now.getTime() - expiresAt >= ABANDON_AFTER_EXPIRY_MS
    ? { kind: 'fail', reason: OWN_REASONS.abandoned }
    : { kind: 'keep' };
}

/** The provider's reason as text for HR, bounded; nothing else of the case is kept. */
function providerReason(reason: string | null): string | null {
  const text = reason?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_REASON_LENGTH) : null;
}
