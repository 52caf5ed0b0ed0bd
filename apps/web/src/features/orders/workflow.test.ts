import { describe, expect, it } from 'vitest';

import type { StepDefinition, StepType, UserStep } from '@leasing/contract';

import { STEPS, buildOrder, orderAt, record, recordsUpTo, stepIdOf } from './test-support/factories';
import {
  USER_STEPS_FINISHED,
  activeStepIndex,
  canContinueOrDelete,
  currentRecord,
  isLeasingActive,
  latestDocument,
  screenFor,
  signStepRecord,
  sortSteps,
  stepDisplayState,
  userVisibleSteps,
  workflowSteps,
} from './workflow';

const types = (list: { stepType: string }[]) => list.map((step) => step.stepType);
const displays = (list: { stepType: string; display: string }[]) =>
  Object.fromEntries(list.map((step) => [step.stepType, step.display]));
const activeType = (steps: StepDefinition[], userSteps: UserStep[]) => {
  const list = workflowSteps(steps, userSteps);
  return list[activeStepIndex(list)]?.stepType;
};

describe('currentRecord', () => {
  it('takes the most recently modified record of the step', () => {
    const older = record('LEASING_ACTIVE', null, 1);
    const newer = record('LEASING_ACTIVE', 'ACCEPTED', 5);
    expect(currentRecord(7, [newer, older])).toBe(newer);
    expect(currentRecord(7, [older, newer])).toBe(newer);
  });

  it('takes the later record in the list when the times are equal', () => {
    const first = record('CONFIRM_SUMMARY', null, 3);
    const second = record('CONFIRM_SUMMARY', 'ACCEPTED', 3);
    expect(currentRecord(1, [first, second])).toBe(second);
    expect(currentRecord(1, [second, first])).toBe(first);
  });

  it('ignores records of other steps and answers null without a record', () => {
    expect(currentRecord(2, [record('CONFIRM_SUMMARY', null, 0)])).toBeNull();
    expect(currentRecord(2, [])).toBeNull();
  });

  it('treats an unreadable time as the oldest', () => {
    const broken = { ...record('CONFIRM_SUMMARY', 'ACCEPTED', 0), modified: 'not a date' };
    const valid = record('CONFIRM_SUMMARY', null, 0);
    expect(currentRecord(1, [valid, broken])).toBe(valid);
  });
});

describe('sortSteps', () => {
  it('sorts by id without changing the input', () => {
    const shuffled = [STEPS[6]!, STEPS[0]!, STEPS[10]!, STEPS[3]!];
    expect(sortSteps(shuffled).map((s) => s.id)).toEqual([1, 4, 7, 11]);
    expect(shuffled.map((s) => s.id)).toEqual([7, 1, 11, 4]);
  });
});

describe('stepDisplayState (spec 4.5)', () => {
  const plain = { final: false, success: false };
  const finalSuccess = { final: true, success: true };
  const finalFailure = { final: true, success: false };

  it.each([
    ['a plain step without record', plain, null, 'neutral'],
    ['a plain step with an empty status', plain, { status: null }, 'current'],
    ['a plain ACCEPTED step', plain, { status: 'ACCEPTED' }, 'finished'],
    ['a plain DECLINED step', plain, { status: 'DECLINED' }, 'declined'],
    ['a final success step without record', finalSuccess, null, 'neutral'],
    ['a final success step with an empty status', finalSuccess, { status: null }, 'current'],
    ['a final success step ACCEPTED', finalSuccess, { status: 'ACCEPTED' }, 'finished-successful'],
    ['a final success step DECLINED', finalSuccess, { status: 'DECLINED' }, 'finished-successful'],
    ['a final failure step without record', finalFailure, null, 'neutral'],
    ['a final failure step with an empty status', finalFailure, { status: null }, 'finished-unsuccessful'],
    ['a final failure step ACCEPTED', finalFailure, { status: 'ACCEPTED' }, 'finished-unsuccessful'],
    ['a final failure step DECLINED', finalFailure, { status: 'DECLINED' }, 'finished-unsuccessful'],
  ] as const)('%s is %s', (_name, step, rec, expected) => {
    expect(stepDisplayState(step, rec)).toBe(expected);
  });
});

describe('workflowSteps: which steps the employee sees', () => {
  it('shows the user-enabled steps, stops at the first other one and appends the finished step', () => {
    const list = workflowSteps(STEPS, recordsUpTo('CONFIRM_SUMMARY'));
    expect(types(list)).toEqual([
      'CONFIRM_SUMMARY',
      'PREVIEW_CONTRACT',
      'NECT_DRIVERS_LICENCE',
      'NECT_SIGN',
      USER_STEPS_FINISHED,
    ]);
    expect(displays(list)).toEqual({
      CONFIRM_SUMMARY: 'current',
      PREVIEW_CONTRACT: 'neutral',
      NECT_DRIVERS_LICENCE: 'neutral',
      NECT_SIGN: 'neutral',
      [USER_STEPS_FINISHED]: 'neutral',
    });
  });

  it('sorts the definitions by id first', () => {
    const reversed = [...STEPS].reverse();
    expect(types(workflowSteps(reversed, recordsUpTo('PREVIEW_CONTRACT')))).toEqual(
      types(workflowSteps(STEPS, recordsUpTo('PREVIEW_CONTRACT'))),
    );
  });

  it('stops at the first step that is not user-enabled even if later steps are user-enabled', () => {
    const steps = STEPS.map((s) => (s.stepType === 'ADMIN_CONFIRM' ? { ...s, userEnabled: true } : s));
    expect(types(workflowSteps(steps, recordsUpTo('NECT_SIGN')))).not.toContain('ADMIN_CONFIRM');
  });

  it('does not stop once a final step has a status: later user-enabled steps appear, others are skipped', () => {
    const steps = STEPS.map((s) => (s.stepType === 'ADMIN_CONFIRM' ? { ...s, userEnabled: true } : s));
    const userSteps = [...recordsUpTo('LEASING_ACTIVE')];
    const list = workflowSteps(steps, userSteps);
    expect(types(list)).toEqual([
      'CONFIRM_SUMMARY',
      'PREVIEW_CONTRACT',
      'NECT_DRIVERS_LICENCE',
      'NECT_SIGN',
      'ADMIN_CONFIRM',
      USER_STEPS_FINISHED,
      'LEASING_ACTIVE',
    ]);
  });

  it('keeps the finished step neutral while own steps are open and marks it current once it is active', () => {
    const waiting = workflowSteps(STEPS, recordsUpTo('TENANT_ADMIN_CLICK_CONFIRM'));
    expect(types(waiting)).toEqual([
      'CONFIRM_SUMMARY',
      'PREVIEW_CONTRACT',
      'NECT_DRIVERS_LICENCE',
      'NECT_SIGN',
      USER_STEPS_FINISHED,
    ]);
    expect(waiting.slice(0, 4).every((s) => s.display === 'finished')).toBe(true);
    expect(waiting[4]).toMatchObject({ id: null, record: null, display: 'current' });
  });

  it('always includes a final step with a record, after the finished step', () => {
    const leasing = workflowSteps(STEPS, recordsUpTo('LEASING_ACTIVE'));
    expect(types(leasing)).toEqual([
      'CONFIRM_SUMMARY',
      'PREVIEW_CONTRACT',
      'NECT_DRIVERS_LICENCE',
      'NECT_SIGN',
      USER_STEPS_FINISHED,
      'LEASING_ACTIVE',
    ]);
    expect(displays(leasing)).toMatchObject({ [USER_STEPS_FINISHED]: 'finished', LEASING_ACTIVE: 'current' });

    const handedOver = workflowSteps(STEPS, [
      ...recordsUpTo('LEASING_ACTIVE'),
      record('LEASING_ACTIVE', 'ACCEPTED', 30),
    ]);
    expect(displays(handedOver)).toMatchObject({ LEASING_ACTIVE: 'finished-successful' });
  });

  it.each<[StepType, StepType]>([
    ['TENANT_ADMIN_CLICK_CONFIRM', 'DECLINED_BY_TENANT'],
    ['ADMIN_CONFIRM', 'DECLINED_BY_ADMIN'],
  ])('shows a decline at %s as the declined step plus %s', (declinedAt, terminal) => {
    const userSteps = [
      ...recordsUpTo(declinedAt).filter((r) => r.stepId !== stepIdOf(declinedAt)),
      record(declinedAt, 'DECLINED', 20),
      record(terminal, 'ACCEPTED', 20),
    ];
    const list = workflowSteps(STEPS, userSteps);
    expect(types(list)).toEqual([
      'CONFIRM_SUMMARY',
      'PREVIEW_CONTRACT',
      'NECT_DRIVERS_LICENCE',
      'NECT_SIGN',
      USER_STEPS_FINISHED,
      terminal,
    ]);
    expect(list.at(-1)?.display).toBe('finished-unsuccessful');
    expect(activeType(STEPS, userSteps)).toBe(terminal);
  });

  it.each<StepType>(['EXPIRED', 'BREAKING_CHANGE'])('ends an unsigned order with %s', (terminal) => {
    const userSteps = [
      record('CONFIRM_SUMMARY', null, 0),
      record('CONFIRM_SUMMARY', 'ACCEPTED', 1),
      record('PREVIEW_CONTRACT', null, 1),
      record('PREVIEW_CONTRACT', 'DECLINED', 9),
      record(terminal, 'ACCEPTED', 9),
    ];
    const list = workflowSteps(STEPS, userSteps);
    expect(displays(list)).toEqual({
      CONFIRM_SUMMARY: 'finished',
      PREVIEW_CONTRACT: 'declined',
      NECT_DRIVERS_LICENCE: 'neutral',
      NECT_SIGN: 'neutral',
      [USER_STEPS_FINISHED]: 'neutral',
      [terminal]: 'finished-unsuccessful',
    });
    expect(activeType(STEPS, userSteps)).toBe(terminal);
  });

  it('gives the server step name and the record to each step', () => {
    const list = workflowSteps(STEPS, recordsUpTo('PREVIEW_CONTRACT'));
    expect(list[1]).toMatchObject({ id: 2, stepType: 'PREVIEW_CONTRACT', stepName: 'PREVIEW_CONTRACT' });
    expect(list[1]?.record?.status).toBeNull();
    expect(list[0]?.record?.status).toBe('ACCEPTED');
  });

  it('still appends the finished step when no step is user-enabled', () => {
    const none = STEPS.map((s) => ({ ...s, userEnabled: false }));
    expect(workflowSteps(none, [])).toEqual([
      { id: null, stepType: USER_STEPS_FINISHED, stepName: null, record: null, display: 'current' },
    ]);
  });
});

describe('activeStepIndex: the first step whose record has an empty status, otherwise the last', () => {
  it.each<[StepType, string]>([
    ['CONFIRM_SUMMARY', 'CONFIRM_SUMMARY'],
    ['PREVIEW_CONTRACT', 'PREVIEW_CONTRACT'],
    ['NECT_DRIVERS_LICENCE', 'NECT_DRIVERS_LICENCE'],
    ['NECT_SIGN', 'NECT_SIGN'],
    ['TENANT_ADMIN_CLICK_CONFIRM', USER_STEPS_FINISHED],
    ['ADMIN_CONFIRM', USER_STEPS_FINISHED],
    ['LEASING_ACTIVE', 'LEASING_ACTIVE'],
  ])('at %s the active screen is %s', (current, expected) => {
    expect(activeType(STEPS, recordsUpTo(current))).toBe(expected);
  });

  it('shows the completed lease as the last step after the handover', () => {
    expect(activeType(STEPS, [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)])).toBe(
      'LEASING_ACTIVE',
    );
  });

  it('needs a record: a step without one is not active even before the last', () => {
    expect(activeStepIndex([{ record: null }, { record: null }])).toBe(1);
    expect(activeStepIndex([{ record: record('CONFIRM_SUMMARY', 'ACCEPTED', 0) }, { record: null }])).toBe(1);
    expect(activeStepIndex([{ record: record('CONFIRM_SUMMARY', null, 0) }, { record: null }])).toBe(0);
  });

  it('answers -1 for an empty list', () => {
    expect(activeStepIndex([])).toBe(-1);
  });
});

describe('userVisibleSteps (order cards)', () => {
  it('lists the user-visible steps in id order without the outcomes that did not happen', () => {
    expect(types(userVisibleSteps(orderAt('NECT_SIGN')))).toEqual([
      'CONFIRM_SUMMARY',
      'PREVIEW_CONTRACT',
      'NECT_DRIVERS_LICENCE',
      'NECT_SIGN',
      'TENANT_ADMIN_CLICK_CONFIRM',
      'ADMIN_CONFIRM',
      'LEASING_ACTIVE',
    ]);
  });

  it('leaves out steps that are not user-visible and shows an outcome that happened', () => {
    const steps = STEPS.map((s) => (s.stepType === 'ADMIN_CONFIRM' ? { ...s, userVisible: false } : s));
    const order = orderAt('TENANT_ADMIN_CLICK_CONFIRM', {
      steps,
      userSteps: [
        ...recordsUpTo('TENANT_ADMIN_CLICK_CONFIRM').filter((r) => r.stepId !== 5),
        record('TENANT_ADMIN_CLICK_CONFIRM', 'DECLINED', 30),
        record('DECLINED_BY_TENANT', 'ACCEPTED', 30),
      ],
    });
    const list = userVisibleSteps(order);
    expect(types(list)).not.toContain('ADMIN_CONFIRM');
    expect(displays(list)).toMatchObject({
      TENANT_ADMIN_CLICK_CONFIRM: 'declined',
      DECLINED_BY_TENANT: 'finished-unsuccessful',
    });
    expect(types(list)).not.toContain('EXPIRED');
  });
});

describe('continue and delete (spec 4.5)', () => {
  it.each<StepType>(['CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN'])(
    'are possible at %s while no deletion runs',
    (current) => {
      const order = orderAt(current);
      expect(canContinueOrDelete(order, false)).toBe(true);
      expect(canContinueOrDelete(order, true)).toBe(false);
    },
  );

  it.each<StepType>(['TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM', 'LEASING_ACTIVE'])(
    'are over once the sign step has a status (at %s)',
    (current) => {
      expect(canContinueOrDelete(orderAt(current), false)).toBe(false);
    },
  );

  it('are possible for an order that ended before the signature', () => {
    const order = orderAt('PREVIEW_CONTRACT', {
      status: 'BREAKING_CHANGE',
      userSteps: [
        ...recordsUpTo('PREVIEW_CONTRACT'),
        record('PREVIEW_CONTRACT', 'DECLINED', 50),
        record('BREAKING_CHANGE', 'ACCEPTED', 50),
      ],
    });
    expect(signStepRecord(order)).toBeNull();
    expect(canContinueOrDelete(order, false)).toBe(true);
  });

  it('treat an order without a sign step as open', () => {
    const order = orderAt('CONFIRM_SUMMARY', { steps: STEPS.filter((s) => s.stepType !== 'NECT_SIGN') });
    expect(canContinueOrDelete(order, false)).toBe(true);
  });
});

describe('latestDocument and isLeasingActive', () => {
  it('picks the newest document', () => {
    const first = { id: 'a', name: 'Vertrag.pdf', created: '2026-03-01T10:00:00Z' };
    const signed = { id: 'b', name: 'Vertrag-unterschrieben.pdf', created: '2026-03-02T10:00:00Z' };
    expect(latestDocument([first, signed])).toBe(signed);
    expect(latestDocument([signed, first])).toBe(signed);
    expect(latestDocument([])).toBeNull();
  });

  it('knows the lease is active only after the handover', () => {
    expect(isLeasingActive(orderAt('LEASING_ACTIVE'))).toBe(false);
    const handedOver = orderAt('LEASING_ACTIVE', {
      userSteps: [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)],
    });
    expect(isLeasingActive(handedOver)).toBe(true);
    expect(isLeasingActive(orderAt('ADMIN_CONFIRM'))).toBe(false);
  });

  it('no longer calls a replaced or returned lease active', () => {
    const active = STEPS[6] as StepDefinition;
    const steps: StepDefinition[] = [
      ...STEPS,
      { ...active, id: 12, stepType: 'LEASE_ENDED', orderNumber: 13, adminEnabled: false },
      { ...active, id: 13, stepType: 'CONVERSION_ENDED', orderNumber: 12, adminEnabled: false },
    ];
    for (const status of ['CONVERSION_ENDED', 'LEASE_ENDED'] as const) {
      const later = buildOrder({
        status,
        steps,
        userSteps: [
          ...recordsUpTo('LEASING_ACTIVE'),
          record('LEASING_ACTIVE', 'ACCEPTED', 40),
          { ...record('LEASING_ACTIVE', 'ACCEPTED', 50), stepId: status === 'LEASE_ENDED' ? 12 : 13 },
        ],
      });
      expect(isLeasingActive(later)).toBe(false);
    }
  });
});

describe('the hide-sign switch', () => {
  it.each([['NECT_DRIVERS_LICENCE'], ['NECT_SIGN'], [USER_STEPS_FINISHED]] as const)(
    'replaces the %s screen when on',
    (type) => {
      expect(screenFor(type, true)).toBe('SIGN_HIDDEN');
      expect(screenFor(type, false)).toBe(type);
    },
  );

  it.each([
    ['CONFIRM_SUMMARY'],
    ['PREVIEW_CONTRACT'],
    ['TENANT_ADMIN_CLICK_CONFIRM'],
    ['ADMIN_CONFIRM'],
    ['LEASING_ACTIVE'],
    ['DECLINED_BY_TENANT'],
    ['DECLINED_BY_ADMIN'],
    ['EXPIRED'],
    ['BREAKING_CHANGE'],
  ] as const)('leaves the %s screen alone', (type) => {
    expect(screenFor(type, true)).toBe(type);
  });
});
