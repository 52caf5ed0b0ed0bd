import type { Role, StepDefinition, StepType } from '@leasing/contract';

/**
 * The step definitions of the order workflow (spec 3 and 4.5) as data. Ids are stable: status
 * records refer to them. Who may act on a step is in its enabled flags.
 */
const step = (
  id: number,
  stepType: StepType,
  stepName: string,
  flags: Partial<Omit<StepDefinition, 'id' | 'stepType' | 'stepName'>>,
): StepDefinition => ({
  id,
  stepType,
  stepName,
  orderNumber: id,
  final: false,
  success: false,
  userEnabled: false,
  userVisible: true,
  adminVisible: true,
  adminEnabled: false,
  tenantAdminVisible: true,
  tenantAdminEnabled: false,
  ...flags,
});

export const STEP_DEFINITIONS: readonly StepDefinition[] = [
  step(1, 'CONFIRM_SUMMARY', 'Zusammenfassung bestätigen', { userEnabled: true }),
  step(2, 'PREVIEW_CONTRACT', 'Überlassungsvertrag prüfen', { userEnabled: true }),
  step(3, 'NECT_DRIVERS_LICENCE', 'Führerscheinprüfung', { userEnabled: true }),
  step(4, 'NECT_SIGN', 'Identifikation und qualifizierte elektronische Signatur', { userEnabled: true }),
  step(5, 'TENANT_ADMIN_CLICK_CONFIRM', 'Freigabe durch den Arbeitgeber', { tenantAdminEnabled: true }),
  step(6, 'ADMIN_CONFIRM', 'Fahrzeug beim Hersteller bestellt', { adminEnabled: true }),
  step(7, 'LEASING_ACTIVE', 'Übergabe – Leasing aktiv', { final: true, success: true, adminEnabled: true }),
  step(8, 'DECLINED_BY_TENANT', 'Vom Arbeitgeber abgelehnt', { final: true }),
  step(9, 'DECLINED_BY_ADMIN', 'Vom Anbieter abgelehnt', { final: true }),
  step(10, 'EXPIRED', 'Abgelaufen', { final: true }),
  step(11, 'BREAKING_CHANGE', 'Abgebrochen: Daten haben sich geändert', { final: true }),
  // The employee's cancellation within the week to cancel after the signature (orders/cancellation.ts, ADR 0053).
  step(14, 'CANCELLED_BY_EMPLOYEE', 'Vom Arbeitnehmer storniert', { final: true }),
  // After "Leasing aktiv" when a follow-up car was handed over before this one came back: the salary
  // conversion ended the day before that handover (modules/lease-end, ADR 0040). Shown before the closing step.
  step(13, 'CONVERSION_ENDED', 'Gehaltsumwandlung beendet – Rückgabe offen', {
    final: true,
    success: true,
    orderNumber: 12,
  }),
  // The closing step: recorded by the car's return (modules/lease-end), never by a step action.
  step(12, 'LEASE_ENDED', 'Leasing beendet', { final: true, success: true, orderNumber: 13 }),
];

const byType = new Map(STEP_DEFINITIONS.map((s) => [s.stepType, s]));
const byId = new Map(STEP_DEFINITIONS.map((s) => [s.id, s]));

export function stepOfType(type: StepType): StepDefinition {
  const found = byType.get(type);
  if (!found) throw new Error(`unknown step type ${type}`);
  return found;
}

export function stepById(id: number): StepDefinition | undefined {
  return byId.get(id);
}

/** Steps before the signature: while one of them is current, the order can change or be deleted. */
export const UNSIGNED_STEPS: readonly StepType[] = [
  'CONFIRM_SUMMARY',
  'PREVIEW_CONTRACT',
  'NECT_DRIVERS_LICENCE',
  'NECT_SIGN',
];

export type StepAction = 'execute' | 'accept' | 'decline';

/** One new status record: `status` null makes the step current. */
export interface NewRecord {
  stepType: StepType;
  status: 'ACCEPTED' | 'DECLINED' | null;
}

export interface Transition {
  records: NewRecord[];
  /** The order's status after the transition (the current or final step). */
  status: StepType;
}

/**
 * The state machine of spec 4.5 as a pure function: what an action on the current step does. Returns
 * null when the action is not possible on this step (a 409 for the caller).
 */
export function transitionFor(current: StepType, action: StepAction): Transition | null {
  const forward = (next: StepType): Transition => ({
    records: [
      { stepType: current, status: 'ACCEPTED' },
      { stepType: next, status: null },
    ],
    status: next,
  });
  const decline = (terminal: StepType): Transition => ({
    records: [
      { stepType: current, status: 'DECLINED' },
      { stepType: terminal, status: 'ACCEPTED' },
    ],
    status: terminal,
  });
  const positive = action === 'accept' || action === 'execute';
  switch (current) {
    case 'CONFIRM_SUMMARY':
      return positive ? forward('PREVIEW_CONTRACT') : null;
    case 'PREVIEW_CONTRACT':
      return positive ? forward('NECT_DRIVERS_LICENCE') : null;
    case 'NECT_DRIVERS_LICENCE':
      return positive ? forward('NECT_SIGN') : null;
    case 'NECT_SIGN':
      return positive ? forward('TENANT_ADMIN_CLICK_CONFIRM') : null;
    case 'TENANT_ADMIN_CLICK_CONFIRM':
      return positive ? forward('ADMIN_CONFIRM') : decline('DECLINED_BY_TENANT');
    case 'ADMIN_CONFIRM':
      return positive ? forward('LEASING_ACTIVE') : decline('DECLINED_BY_ADMIN');
    case 'LEASING_ACTIVE':
      // The handover completes the final step itself.
      return positive
        ? { records: [{ stepType: 'LEASING_ACTIVE', status: 'ACCEPTED' }], status: 'LEASING_ACTIVE' }
        : null;
    default:
      return null;
  }
}

/** A system-caused end (expiry, breaking change) from any unsigned step. */
export function terminate(current: StepType, terminal: 'EXPIRED' | 'BREAKING_CHANGE'): Transition | null {
  if (!UNSIGNED_STEPS.includes(current)) return null;
  return {
    records: [
      { stepType: current, status: 'DECLINED' },
      { stepType: terminal, status: 'ACCEPTED' },
    ],
    status: terminal,
  };
}

/**
 * The steps from which the employee may cancel within the week to cancel: signed, the car not yet
 * ordered from the manufacturer (it is ordered only after the window, or once the employee waived it).
 */
export const CANCELLABLE_STEPS: readonly StepType[] = ['TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM'];

/** The employee's cancellation: the current step declined, the order ends cancelled. */
export function cancelByEmployee(current: StepType): Transition | null {
  if (!CANCELLABLE_STEPS.includes(current)) return null;
  return {
    records: [
      { stepType: current, status: 'DECLINED' },
      { stepType: 'CANCELLED_BY_EMPLOYEE', status: 'ACCEPTED' },
    ],
    status: 'CANCELLED_BY_EMPLOYEE',
  };
}

/** Whether a role may act on a step (its enabled flag). */
export function mayAct(role: Role, step: StepDefinition): boolean {
  if (role === 'EMPLOYEE') return step.userEnabled;
  if (role === 'TENANT_ADMIN') return step.tenantAdminEnabled;
  return step.adminEnabled;
}
