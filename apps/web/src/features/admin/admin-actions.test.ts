import { describe, expect, it } from 'vitest';

import { StepTypes, type Role, type StepType } from '@leasing/contract';

import { adminActions, isAdminRole, isIsoDate, isOpenFor, statusKey, stepRequestFor, todayIso } from './admin-actions';
import { buildAdminRow } from './test-support/factories';

const STEP_IDS: Record<StepType, number> = Object.fromEntries(
  StepTypes.map((type, index) => [type, index + 1]),
) as Record<StepType, number>;
const openRow = (status: StepType) => buildAdminRow({ status, currentStepId: STEP_IDS[status] });
const closedRow = (status: StepType) => buildAdminRow({ status, currentStepId: null, currentUserStepId: null });

describe('adminActions per role and step', () => {
  const expected: Record<Role, Partial<Record<StepType, string[]>>> = {
    EMPLOYEE: {},
    TENANT_ADMIN: { TENANT_ADMIN_CLICK_CONFIRM: ['approve', 'decline'] },
    PROVIDER_ADMIN: { ADMIN_CONFIRM: ['ordered', 'decline'], LEASING_ACTIVE: ['handover'] },
  };

  for (const role of ['EMPLOYEE', 'TENANT_ADMIN', 'PROVIDER_ADMIN'] as const) {
    it.each(StepTypes.map((type) => [type]))(`${role} at %s`, (status) => {
      const actions = expected[role][status] ?? [];
      expect(adminActions(role, openRow(status))).toEqual(actions);
      expect(isOpenFor(role, openRow(status))).toBe(actions.length > 0);
      // Without an open status record nothing is due, whatever the status says.
      expect(adminActions(role, closedRow(status))).toEqual([]);
      expect(isOpenFor(role, closedRow(status))).toBe(false);
    });
  }

  it('needs both the current step and its status record', () => {
    expect(adminActions('TENANT_ADMIN', buildAdminRow({ currentStepId: null }))).toEqual([]);
    expect(adminActions('TENANT_ADMIN', buildAdminRow({ currentUserStepId: null }))).toEqual([]);
  });
});

describe('stepRequestFor', () => {
  const row = buildAdminRow({
    id: 7,
    status: 'ADMIN_CONFIRM',
    currentStepId: 6,
    currentUserStepId: '22222222-2222-4222-8222-222222222222',
  });

  it('accepts for approve and ordered with the order id and the status record id', () => {
    const body = { orderId: 7, userStepId: '22222222-2222-4222-8222-222222222222' };
    expect(stepRequestFor('approve', row)).toEqual({ stepId: 6, action: 'accept', body });
    expect(stepRequestFor('ordered', row)).toEqual({ stepId: 6, action: 'accept', body });
  });

  it('declines with the reason and hands over with the date', () => {
    expect(stepRequestFor('decline', row, { reason: 'Kein Budget' })).toEqual({
      stepId: 6,
      action: 'decline',
      body: { orderId: 7, userStepId: '22222222-2222-4222-8222-222222222222', reason: 'Kein Budget' },
    });
    expect(
      stepRequestFor(
        'handover',
        { ...row, status: 'LEASING_ACTIVE', currentStepId: 7 },
        { handoverDate: '2026-03-02' },
      ),
    ).toEqual({
      stepId: 7,
      action: 'accept',
      body: { orderId: 7, userStepId: '22222222-2222-4222-8222-222222222222', handoverDate: '2026-03-02' },
    });
  });

  it('has nothing to send without an open step', () => {
    expect(stepRequestFor('approve', closedRow('DECLINED_BY_TENANT'))).toBeNull();
  });
});

describe('statusKey, roles and dates', () => {
  it('tells a completed handover from an open one', () => {
    expect(statusKey(openRow('LEASING_ACTIVE'))).toBe('LEASING_ACTIVE');
    expect(statusKey(closedRow('LEASING_ACTIVE'))).toBe('LEASING_ACTIVE_DONE');
    expect(statusKey(openRow('ADMIN_CONFIRM'))).toBe('ADMIN_CONFIRM');
  });

  it('knows the admin roles', () => {
    expect(isAdminRole('TENANT_ADMIN')).toBe(true);
    expect(isAdminRole('PROVIDER_ADMIN')).toBe(true);
    expect(isAdminRole('EMPLOYEE')).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });

  it('takes today in German time', () => {
    expect(todayIso(new Date('2026-03-01T22:30:00Z'))).toBe('2026-03-01');
    expect(todayIso(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(todayIso(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
  });

  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-03-02')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('02.03.2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});
