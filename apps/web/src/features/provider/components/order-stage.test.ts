import { describe, expect, it } from 'vitest';

import { buildOrder, record, recordsUpTo, stepIdOf } from '../../orders/test-support/factories';
import { actionRowOf, stageOf, takesDeliveryWindow } from './order-stage';

describe('the stage of an order in the back office', () => {
  it.each([
    ['NECT_SIGN', null, 'EMPLOYEE'],
    ['TENANT_ADMIN_CLICK_CONFIRM', null, 'EMPLOYER'],
    ['ADMIN_CONFIRM', null, 'ORDERING'],
    ['LEASING_ACTIVE', null, 'DELIVERY'],
    ['LEASING_ACTIVE', '2026-03-02', 'ACTIVE'],
    // A follow-up car ended the conversion; this car is still out until its return.
    ['CONVERSION_ENDED', '2025-03-02', 'ACTIVE'],
    ['LEASE_ENDED', '2025-03-02', 'ENDED'],
    ['DECLINED_BY_ADMIN', null, 'CLOSED'],
    ['CANCELLED_BY_EMPLOYEE', null, 'CLOSED'],
  ] as const)('%s (handed over %s) is %s', (status, handoverDate, stage) => {
    expect(stageOf({ status, handoverDate })).toBe(stage);
  });

  it('takes a delivery window from the approval to the handover only', () => {
    expect(['EMPLOYER', 'ORDERING', 'DELIVERY'].every((s) => takesDeliveryWindow(s as never))).toBe(true);
    expect(['EMPLOYEE', 'ACTIVE', 'ENDED', 'CLOSED'].some((s) => takesDeliveryWindow(s as never))).toBe(false);
  });
});

describe("the order's open step for the actions", () => {
  it("names the current step and its open record, not an earlier step's", () => {
    const order = buildOrder({ id: 7, status: 'ADMIN_CONFIRM', userSteps: recordsUpTo('ADMIN_CONFIRM') });
    const open = order.userSteps.at(-1);
    expect(actionRowOf(order)).toEqual({
      id: 7,
      status: 'ADMIN_CONFIRM',
      currentStepId: stepIdOf('ADMIN_CONFIRM'),
      currentUserStepId: open?.id,
    });
  });

  it('has none once the step is completed (a handover recorded)', () => {
    const records = recordsUpTo('LEASING_ACTIVE');
    const done = [...records.slice(0, -1), record('LEASING_ACTIVE', 'ACCEPTED', 9)];
    const order = buildOrder({ status: 'LEASING_ACTIVE', userSteps: done, handoverDate: '2026-03-02' });
    expect(actionRowOf(order)).toMatchObject({ currentStepId: null, currentUserStepId: null });
  });
});
