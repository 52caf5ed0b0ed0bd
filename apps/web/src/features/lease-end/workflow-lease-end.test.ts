import { describe, expect, it } from 'vitest';

import type { StepDefinition, UserStep } from '@leasing/contract';

import { STEPS, record, recordsUpTo } from '../orders/test-support/factories';
import { activeStepIndex, userVisibleSteps, workflowSteps } from '../orders/workflow';

/** The closing step as the API defines it (step 12, final and successful, no one acts on it). */
const LEASE_ENDED: StepDefinition = {
  ...(STEPS[6] as StepDefinition),
  id: 12,
  stepType: 'LEASE_ENDED',
  stepName: 'Leasing beendet',
  orderNumber: 13,
  adminEnabled: false,
};
/** The replaced lease's step as the API defines it (id 13, shown before the closing step). */
const CONVERSION_ENDED: StepDefinition = {
  ...LEASE_ENDED,
  id: 13,
  stepType: 'CONVERSION_ENDED',
  stepName: 'Gehaltsumwandlung beendet – Rückgabe offen',
  orderNumber: 12,
};
const steps = [...STEPS, CONVERSION_ENDED, LEASE_ENDED];
const ended: UserStep[] = [
  ...recordsUpTo('LEASING_ACTIVE'),
  record('LEASING_ACTIVE', 'ACCEPTED', 40),
  { ...record('LEASING_ACTIVE', 'ACCEPTED', 50), stepId: 12 },
];
const replaced: UserStep[] = [
  ...recordsUpTo('LEASING_ACTIVE'),
  record('LEASING_ACTIVE', 'ACCEPTED', 40),
  { ...record('LEASING_ACTIVE', 'ACCEPTED', 45), stepId: 13 },
];

describe('the closing step "Leasing beendet" in the workflow', () => {
  it('is the active screen once the car is back, after "Leasing aktiv"', () => {
    const list = workflowSteps(steps, ended);
    expect(list.slice(-2).map((s) => s.stepType)).toEqual(['LEASING_ACTIVE', 'LEASE_ENDED']);
    expect(list[activeStepIndex(list)]?.stepType).toBe('LEASE_ENDED');
    expect(list.at(-1)?.display).toBe('finished-successful');
  });

  it('stays out of the way while the lease runs', () => {
    const running = [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)];
    const list = workflowSteps(steps, running);
    expect(list[activeStepIndex(list)]?.stepType).toBe('LEASING_ACTIVE');
    // On the order card it waits as the next step, neutral.
    const card = userVisibleSteps({ steps, userSteps: running });
    expect(card.at(-1)).toMatchObject({ stepType: 'LEASE_ENDED', display: 'neutral' });
  });
});

describe('a lease a follow-up car replaced (CONVERSION_ENDED)', () => {
  it('shows "Gehaltsumwandlung beendet" as the active screen until the car is back', () => {
    const list = workflowSteps(steps, replaced);
    expect(list.slice(-2).map((s) => s.stepType)).toEqual(['LEASING_ACTIVE', 'CONVERSION_ENDED']);
    expect(list[activeStepIndex(list)]?.stepType).toBe('CONVERSION_ENDED');
    const card = userVisibleSteps({ steps, userSteps: replaced });
    expect(card.slice(-2).map((s) => [s.stepType, s.display])).toEqual([
      ['CONVERSION_ENDED', 'finished-successful'],
      ['LEASE_ENDED', 'neutral'],
    ]);
  });

  it('ends on "Leasing beendet" after the return, whatever the step ids', () => {
    const returned = [...replaced, { ...record('LEASING_ACTIVE', 'ACCEPTED', 60), stepId: 12 }];
    const list = workflowSteps(steps, returned);
    expect(list.slice(-3).map((s) => s.stepType)).toEqual(['LEASING_ACTIVE', 'CONVERSION_ENDED', 'LEASE_ENDED']);
    expect(list[activeStepIndex(list)]?.stepType).toBe('LEASE_ENDED');
  });

  it('stays off the order card of a lease that was never replaced', () => {
    const running = [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)];
    expect(userVisibleSteps({ steps, userSteps: running }).map((s) => s.stepType)).not.toContain('CONVERSION_ENDED');
  });
});
