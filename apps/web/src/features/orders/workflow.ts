import type { Order, StepDefinition, StepType, UserStep } from '@leasing/contract';

/**
 * The display rules of the order workflow (spec 4.5) as pure functions: which steps the employee sees,
 * how each is shown in the stepper, and which step's screen is active.
 */

/** The synthetic step the product appends after the employee's own steps. */
export const USER_STEPS_FINISHED = 'USER_STEPS_FINISHED';
export type WorkflowStepType = StepType | typeof USER_STEPS_FINISHED;

/**
 * How a step is drawn: `finished` (ACCEPTED), `declined` (DECLINED), `finished-unsuccessful` (a final
 * step without success), `finished-successful` (a final step with success and a status), `current`
 * (a record with an empty status) and `neutral` (no record).
 */
export type StepDisplayState =
  'finished' | 'declined' | 'finished-unsuccessful' | 'finished-successful' | 'current' | 'neutral';

export interface WorkflowStep {
  /** The step definition's id; null for the synthetic step. */
  id: number | null;
  stepType: WorkflowStepType;
  /** The server's German name; null for the synthetic step. */
  stepName: string | null;
  /** The step's current status record, if any. */
  record: UserStep | null;
  display: StepDisplayState;
}

const timeOf = (record: UserStep): number => {
  const time = Date.parse(record.modified);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};

/**
 * A step's current status record: the most recently modified record of that step. On equal times the
 * record later in the list wins (records written in one transaction share their time).
 */
export function currentRecord(stepId: number, userSteps: readonly UserStep[]): UserStep | null {
  let found: UserStep | null = null;
  for (const record of userSteps) {
    if (record.stepId !== stepId) continue;
    if (found === null || timeOf(record) >= timeOf(found)) found = record;
  }
  return found;
}

/** Steps in the server's order of the process: its order number (a later step such as CONVERSION_ENDED, id 13, goes before LEASE_ENDED), then id. */
export function sortSteps(steps: readonly StepDefinition[]): StepDefinition[] {
  return [...steps].sort((a, b) => a.orderNumber - b.orderNumber || a.id - b.id);
}

/**
 * The stepper state of one step (spec 4.5). A step without a record is neutral; the rules of final
 * steps come before the generic ACCEPTED/DECLINED rules, because a final step's record is what makes
 * it the outcome (a declined order's DECLINED_BY_TENANT record is ACCEPTED, yet the order failed).
 */
export function stepDisplayState(
  step: Pick<StepDefinition, 'final' | 'success'>,
  record: Pick<UserStep, 'status'> | null,
): StepDisplayState {
  if (record === null) return 'neutral';
  if (step.final && !step.success) return 'finished-unsuccessful';
  if (step.final && step.success) return record.status === null ? 'current' : 'finished-successful';
  if (record.status === 'ACCEPTED') return 'finished';
  if (record.status === 'DECLINED') return 'declined';
  return 'current';
}

const toWorkflowStep = (step: StepDefinition, userSteps: readonly UserStep[]): WorkflowStep => {
  const record = currentRecord(step.id, userSteps);
  return {
    id: step.id,
    stepType: step.stepType,
    stepName: step.stepName,
    record,
    display: stepDisplayState(step, record),
  };
};

/**
 * The steps the workflow shows (spec 4.5):
 * - only user-enabled steps, in id order; the list stops at the first step that is not user-enabled,
 *   unless a final step already has a status (then such steps are skipped, not the end of the list);
 * - a final step with a status record is always included;
 * - the synthetic USER_STEPS_FINISHED step follows the employee's steps.
 *
 * The synthetic step goes after the employee's steps and before final steps that have a record: with
 * it at the very end, "otherwise the last step" would always pick it, and the outcome screens (leasing
 * active, declined, expired, breaking change) could never become active.
 */
export function workflowSteps(steps: readonly StepDefinition[], userSteps: readonly UserStep[]): WorkflowStep[] {
  const sorted = sortSteps(steps);
  const hasRecord = (step: StepDefinition) => currentRecord(step.id, userSteps) !== null;
  const outcomeReached = sorted.some((step) => step.final && hasRecord(step));
  const own: StepDefinition[] = [];
  const outcomes: StepDefinition[] = [];
  for (const step of sorted) {
    if (step.final && hasRecord(step)) {
      outcomes.push(step);
      continue;
    }
    if (!step.userEnabled) {
      if (outcomeReached) continue;
      break;
    }
    own.push(step);
  }
  const ownSteps = own.map((step) => toWorkflowStep(step, userSteps));
  const outcomeSteps = outcomes.map((step) => toWorkflowStep(step, userSteps));
  const allOwnAccepted = ownSteps.length > 0 && ownSteps.every((step) => step.record?.status === 'ACCEPTED');
  const synthetic: WorkflowStep = {
    id: null,
    stepType: USER_STEPS_FINISHED,
    stepName: null,
    record: null,
    // No record of its own: finished once every own step is accepted, else neutral; `current` when
    // it is the active step (see `withActiveSynthetic`).
    display: allOwnAccepted ? 'finished' : 'neutral',
  };
  return withActiveSynthetic([...ownSteps, synthetic, ...outcomeSteps]);
}

function withActiveSynthetic(list: WorkflowStep[]): WorkflowStep[] {
  const active = activeStepIndex(list);
  return list.map((step, index) =>
    step.stepType === USER_STEPS_FINISHED && index === active ? { ...step, display: 'current' } : step,
  );
}

/** The active step: the first whose record has an empty status, otherwise the last step. */
export function activeStepIndex(list: readonly Pick<WorkflowStep, 'record'>[]): number {
  const index = list.findIndex((step) => step.record !== null && step.record.status === null);
  return index >= 0 ? index : list.length - 1;
}

/** Steps the employee may see on an order card (spec 2.5): user-visible ones, in id order. */
export function userVisibleSteps(order: Pick<Order, 'steps' | 'userSteps'>): WorkflowStep[] {
  return (
    sortSteps(order.steps)
      .filter((step) => step.userVisible)
      .map((step) => toWorkflowStep(step, order.userSteps))
      // Alternative outcomes that did not happen (declined, expired, ...) would only be noise.
      .filter((step) => !(step.record === null && isUnsuccessfulFinal(order.steps, step)))
      // Only a lease a follow-up car replaced passes through this one.
      .filter((step) => !(step.record === null && step.stepType === 'CONVERSION_ENDED'))
  );
}

const isUnsuccessfulFinal = (steps: readonly StepDefinition[], step: WorkflowStep) => {
  const definition = steps.find((s) => s.id === step.id);
  return definition !== undefined && definition.final && !definition.success;
};

/** The record of the signing step; null when it has none. */
export function signStepRecord(order: Pick<Order, 'steps' | 'userSteps'>): UserStep | null {
  const sign = order.steps.find((step) => step.stepType === 'NECT_SIGN');
  return sign ? currentRecord(sign.id, order.userSteps) : null;
}

/**
 * Spec 4.5: an order can be continued or deleted only while the signing step has no status (no record
 * or an empty one) and no deletion is running.
 */
export function canContinueOrDelete(order: Pick<Order, 'steps' | 'userSteps'>, deleting: boolean): boolean {
  if (deleting) return false;
  const sign = signStepRecord(order);
  return sign === null || sign.status === null;
}

/** The step the order currently waits for, i.e. the definition behind `status`, and its open record. */
export function currentStepOf(order: Pick<Order, 'status' | 'steps' | 'userSteps'>): {
  step: StepDefinition;
  record: UserStep | null;
} | null {
  const step = order.steps.find((s) => s.stepType === order.status);
  if (!step) return null;
  return { step, record: currentRecord(step.id, order.userSteps) };
}

/** Step types whose screens the hide-sign build switch replaces by an in-progress note. */
export const SIGN_SCREENS: readonly WorkflowStepType[] = ['NECT_DRIVERS_LICENCE', 'NECT_SIGN', USER_STEPS_FINISHED];

/** Which screen to show for a step type: the placeholder when signing is hidden in this build. */
export function screenFor(stepType: WorkflowStepType, hideSign: boolean): WorkflowStepType | 'SIGN_HIDDEN' {
  return hideSign && SIGN_SCREENS.includes(stepType) ? 'SIGN_HIDDEN' : stepType;
}

/** The newest document of an order (the signed contract once there is one); null without documents. */
export function latestDocument<T extends { created: string }>(documents: readonly T[]): T | null {
  let latest: T | null = null;
  for (const doc of documents) {
    if (latest === null || Date.parse(doc.created) >= Date.parse(latest.created)) latest = doc;
  }
  return latest;
}

/**
 * Whether the lease runs: the handover completed "Leasing aktiv" and no later step (conversion
 * ended, lease ended) followed, which have labels of their own.
 */
export function isLeasingActive(order: Pick<Order, 'status' | 'steps' | 'userSteps'>): boolean {
  const current = currentStepOf(order);
  return (
    order.status === 'LEASING_ACTIVE' &&
    current !== null &&
    current.step.final &&
    current.step.success &&
    current.record !== null &&
    current.record.status === 'ACCEPTED'
  );
}
