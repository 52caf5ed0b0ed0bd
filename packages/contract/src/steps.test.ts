import { describe, expect, it } from 'vitest';

import { StepTypes } from './orders.js';
import {
  ENDED_WITHOUT_LEASE_STEPS,
  OVER_STEPS,
  STEP_DECLARATIONS,
  stepOutcome,
  stepsRetainedFor,
  type StepDeclaration,
} from './steps.js';

const declarations = Object.entries(STEP_DECLARATIONS) as [string, StepDeclaration][];

describe('one declaration per step', () => {
  it('declares every step type once, each leading only to declared steps, ends leading nowhere', () => {
    expect(Object.keys(STEP_DECLARATIONS).sort()).toEqual([...StepTypes].sort());
    for (const [type, step] of declarations) {
      if (step.next && step.next !== 'self') expect(StepTypes, type).toContain(step.next);
      if (step.declineTo) expect((STEP_DECLARATIONS[step.declineTo] as StepDeclaration).final, type).toBe(true);
      if (step.final) expect(step.next === undefined || step.next === 'self', type).toBe(true);
      if (step.unsigned) expect(step.final, type).toBeUndefined();
      if (step.retention) expect(step.over, type).toBe(true);
    }
  });

  it('gives the sets the lists, the dashboard and the retention read', () => {
    expect([...OVER_STEPS].sort()).toEqual(
      [
        'BREAKING_CHANGE',
        'CANCELLED_BY_EMPLOYEE',
        'DECLINED_BY_ADMIN',
        'DECLINED_BY_TENANT',
        'EXPIRED',
        'LEASE_ENDED',
      ].sort(),
    );
    expect([...ENDED_WITHOUT_LEASE_STEPS].sort()).toEqual(
      ['BREAKING_CHANGE', 'CANCELLED_BY_EMPLOYEE', 'DECLINED_BY_ADMIN', 'DECLINED_BY_TENANT', 'EXPIRED'].sort(),
    );
    expect(stepsRetainedFor('abandonedOrders')).toEqual(['EXPIRED', 'BREAKING_CHANGE']);
    expect(stepsRetainedFor('declinedOrders')).toEqual([
      'DECLINED_BY_TENANT',
      'DECLINED_BY_ADMIN',
      'CANCELLED_BY_EMPLOYEE',
    ]);
    expect(stepOutcome('LEASING_ACTIVE', false)).toBe('OPEN');
    expect(stepOutcome('LEASING_ACTIVE', true)).toBe('LEASE');
    expect(stepOutcome('CONVERSION_ENDED', false)).toBe('LEASE');
    expect(stepOutcome('NECT_SIGN', false)).toBe('OPEN');
    expect(stepOutcome('EXPIRED', false)).toBe('CANCELLED');
    expect(stepOutcome('DECLINED_BY_ADMIN', false)).toBe('DECLINED');
  });
});
