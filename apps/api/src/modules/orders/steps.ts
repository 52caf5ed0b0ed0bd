import {
  CANCELLABLE_STEPS,
  STEP_DECLARATIONS,
  UNSIGNED_STEPS,
  type Role,
  type StepDeclaration,
  type StepDefinition,
  type StepType,
} from '@leasing/contract';

export { CANCELLABLE_STEPS, UNSIGNED_STEPS };

/**
 * The step definitions of the order workflow (spec 3 and 4.5) as the API and the database's
 * `step_definitions` know them, from the contract's one declaration per step (`STEP_DECLARATIONS`):
 * who may act is in the enabled flags, everyone sees every step.
 */
function definitionOf(stepType: StepType, step: StepDeclaration): StepDefinition {
  return {
    id: step.id,
    stepType,
    stepName: step.name,
    orderNumber: step.orderNumber ?? step.id,
    final: step.final === true,
    success: step.success === true,
    userEnabled: step.actor === 'EMPLOYEE',
    userVisible: true,
    adminVisible: true,
    adminEnabled: step.actor === 'PROVIDER_ADMIN',
    tenantAdminVisible: true,
    tenantAdminEnabled: step.actor === 'TENANT_ADMIN',
  };
}

export const STEP_DEFINITIONS: readonly StepDefinition[] = (
  Object.entries(STEP_DECLARATIONS) as [StepType, StepDeclaration][]
).map(([type, step]) => definitionOf(type, step));

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
  const step: StepDeclaration = STEP_DECLARATIONS[current];
  if (action === 'decline') return step.declineTo ? decline(step.declineTo) : null;
  if (step.next === 'self')
    // The handover completes the final step itself.
    return { records: [{ stepType: current, status: 'ACCEPTED' }], status: current };
  return step.next ? forward(step.next) : null;
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
