import type { EmployerApproval } from '@leasing/contract';

import type { UserStepRow } from './repository.js';
import { stepOfType } from './steps.js';

/** Why the programme approved an order by itself, in German (shown to HR with the order). */
export function automaticApprovalReason(policyVersion: number): string {
  return (
    `Automatisch freigegeben gemäß Programmrichtlinie (Fassung ${String(policyVersion)}): Die Richtlinie sieht ` +
    'die automatische Freigabe vor, und Marke, Listenpreis, monatliche Bruttorate und das Bruttogehalt nach ' +
    'der Umwandlung lagen innerhalb ihrer Regeln.'
  );
}

/**
 * How the employer approved an order, read from its status records: the accepted record of the
 * employer's step. A record without an actor is the programme's automatic approval: after the
 * signature it is the platform's only transition (the system ends, EXPIRED and BREAKING_CHANGE, are
 * possible only before it), and it acts on the policy version frozen with the order.
 */
export function employerApprovalOf(
  records: readonly Pick<UserStepRow, 'stepId' | 'status' | 'actorUserId' | 'modified'>[],
  frozenPolicyVersion: number | null,
): EmployerApproval | null {
  const tenantStep = stepOfType('TENANT_ADMIN_CLICK_CONFIRM').id;
  const accepted = records.find((r) => r.stepId === tenantStep && r.status === 'ACCEPTED');
  if (!accepted) return null;
  const at = accepted.modified.toISOString();
  if (accepted.actorUserId !== null) return { kind: 'MANUAL', at, policyVersion: null, reason: null };
  const version = frozenPolicyVersion ?? 0;
  return { kind: 'AUTOMATIC', at, policyVersion: version, reason: automaticApprovalReason(version) };
}
