import { CANCELLABLE_STEPS, STEP_DECLARATIONS, StepTypes, UNSIGNED_STEPS, type StepType } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { STEP_DEFINITIONS, stepOfType, transitionFor, type StepAction } from './steps.js';

/** The API's step definitions as spec 4.5 gives them: id, type, order, final, success, who acts. */
const SPEC_TABLE: [number, StepType, number, boolean, boolean, 'E' | 'T' | 'P' | '-'][] = [
  [1, 'CONFIRM_SUMMARY', 1, false, false, 'E'],
  [2, 'PREVIEW_CONTRACT', 2, false, false, 'E'],
  [3, 'NECT_DRIVERS_LICENCE', 3, false, false, 'E'],
  [4, 'NECT_SIGN', 4, false, false, 'E'],
  [5, 'TENANT_ADMIN_CLICK_CONFIRM', 5, false, false, 'T'],
  [6, 'ADMIN_CONFIRM', 6, false, false, 'P'],
  [7, 'LEASING_ACTIVE', 7, true, true, 'P'],
  [8, 'DECLINED_BY_TENANT', 8, true, false, '-'],
  [9, 'DECLINED_BY_ADMIN', 9, true, false, '-'],
  [10, 'EXPIRED', 10, true, false, '-'],
  [11, 'BREAKING_CHANGE', 11, true, false, '-'],
  [12, 'LEASE_ENDED', 13, true, true, '-'],
  [13, 'CONVERSION_ENDED', 12, true, true, '-'],
  [14, 'CANCELLED_BY_EMPLOYEE', 14, true, false, '-'],
];

describe('the step definitions from the one declaration per step', () => {
  it('are the spec table: ids, order, final and success, who may act, everyone sees every step', () => {
    for (const [id, type, orderNumber, final, success, actor] of SPEC_TABLE) {
      expect(stepOfType(type), type).toEqual({
        id,
        stepType: type,
        stepName: STEP_DECLARATIONS[type].name,
        orderNumber,
        final,
        success,
        userEnabled: actor === 'E',
        userVisible: true,
        adminVisible: true,
        adminEnabled: actor === 'P',
        tenantAdminVisible: true,
        tenantAdminEnabled: actor === 'T',
      });
    }
    expect(STEP_DEFINITIONS).toHaveLength(StepTypes.length);
    expect(new Set(STEP_DEFINITIONS.map((s) => s.id)).size).toBe(StepTypes.length);
    expect(new Set(STEP_DEFINITIONS.map((s) => s.orderNumber)).size).toBe(StepTypes.length);
  });

  it('moves as spec 4.5: forward on accept or execute, to the declined end on decline, nowhere from an end', () => {
    const forward: Partial<Record<StepType, StepType>> = {
      CONFIRM_SUMMARY: 'PREVIEW_CONTRACT',
      PREVIEW_CONTRACT: 'NECT_DRIVERS_LICENCE',
      NECT_DRIVERS_LICENCE: 'NECT_SIGN',
      NECT_SIGN: 'TENANT_ADMIN_CLICK_CONFIRM',
      TENANT_ADMIN_CLICK_CONFIRM: 'ADMIN_CONFIRM',
      ADMIN_CONFIRM: 'LEASING_ACTIVE',
    };
    const declined: Partial<Record<StepType, StepType>> = {
      TENANT_ADMIN_CLICK_CONFIRM: 'DECLINED_BY_TENANT',
      ADMIN_CONFIRM: 'DECLINED_BY_ADMIN',
    };
    for (const type of StepTypes) {
      for (const action of ['accept', 'execute'] as StepAction[]) {
        const next = forward[type];
        const expected = next
          ? {
              records: [
                { stepType: type, status: 'ACCEPTED' },
                { stepType: next, status: null },
              ],
              status: next,
            }
          : type === 'LEASING_ACTIVE'
            ? { records: [{ stepType: 'LEASING_ACTIVE', status: 'ACCEPTED' }], status: 'LEASING_ACTIVE' }
            : null;
        expect(transitionFor(type, action), `${type} ${action}`).toEqual(expected);
      }
      const end = declined[type];
      expect(transitionFor(type, 'decline'), `${type} decline`).toEqual(
        end
          ? {
              records: [
                { stepType: type, status: 'DECLINED' },
                { stepType: end, status: 'ACCEPTED' },
              ],
              status: end,
            }
          : null,
      );
    }
  });

  it('knows the unsigned steps and those the employee may cancel from', () => {
    expect(UNSIGNED_STEPS).toEqual(['CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN']);
    expect(CANCELLABLE_STEPS).toEqual(['TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM']);
  });
});
