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
  orderNumber: 12,
  adminEnabled: false,
};
const steps = [...STEPS, LEASE_ENDED];
const ended: UserStep[] = [
  ...recordsUpTo('LEASING_ACTIVE'),
  record('LEASING_ACTIVE', 'ACCEPTED', 40),
  { ...record('LEASING_ACTIVE', 'ACCEPTED', 50), stepId: 12 },
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
