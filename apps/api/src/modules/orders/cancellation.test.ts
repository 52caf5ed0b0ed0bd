import { describe, expect, it } from 'vitest';

import {
  cancellationClosesAt,
  cancellationOf,
  lastCancellationDay,
  mayCancel,
  waitsForCancellationWindow,
} from './cancellation.js';

const order = (overrides: Partial<Parameters<typeof mayCancel>[0]> = {}) => ({
  status: 'TENANT_ADMIN_CLICK_CONFIRM',
  cancellableUntil: new Date('2026-12-09T23:00:00Z'),
  cancellationWaivedAt: null,
  cancelledAt: null,
  cancellationReason: null,
  ...overrides,
});

describe('the week to cancel', () => {
  it('does not count the day of the signature and ends at midnight in Berlin after the seventh day', () => {
    // Signed on Wednesday 2 December 2026 at 10:00 in Berlin: the last day is Wednesday 9 December.
    const closes = cancellationClosesAt(new Date('2026-12-02T09:00:00Z'), 7);
    expect(closes.toISOString()).toBe('2026-12-09T23:00:00.000Z');
    expect(lastCancellationDay(closes)).toBe('2026-12-09');
  });

  it('counts Berlin days, not UTC days, and follows the change to summer time', () => {
    // 00:30 on 3 December in Berlin is still 2 December in UTC: the day of the signature is the 3rd.
    expect(lastCancellationDay(cancellationClosesAt(new Date('2026-12-02T23:30:00Z'), 7))).toBe('2026-12-10');
    // Signed on 24 March 2027; summer time begins on 28 March: the window closes at 00:00 CEST (22:00 UTC).
    const overDst = cancellationClosesAt(new Date('2027-03-24T12:00:00Z'), 7);
    expect(overDst.toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(lastCancellationDay(overDst)).toBe('2027-03-31');
    expect(lastCancellationDay(cancellationClosesAt(new Date('2027-03-24T12:00:00Z'), 30))).toBe('2027-04-23');
  });

  it('is open within the window only, before the car is ordered, unless waived or cancelled', () => {
    const inside = new Date('2026-12-09T22:59:59Z');
    const closed = new Date('2026-12-09T23:00:00Z');
    expect(mayCancel(order(), inside)).toBe(true);
    expect(mayCancel(order({ status: 'ADMIN_CONFIRM' }), inside)).toBe(true);
    expect(mayCancel(order(), closed)).toBe(false);
    expect(mayCancel(order({ status: 'LEASING_ACTIVE' }), inside)).toBe(false);
    expect(mayCancel(order({ cancellationWaivedAt: inside }), inside)).toBe(false);
    expect(mayCancel(order({ cancellableUntil: null }), inside)).toBe(false);
    expect(mayCancel(order({ cancelledAt: inside, status: 'CANCELLED_BY_EMPLOYEE' }), inside)).toBe(false);
  });

  it('keeps the provider waiting while the window runs, not once it was waived', () => {
    const inside = new Date('2026-12-05T12:00:00Z');
    expect(waitsForCancellationWindow(order({ status: 'ADMIN_CONFIRM' }), inside)).toBe(true);
    expect(waitsForCancellationWindow(order({ status: 'ADMIN_CONFIRM', cancellationWaivedAt: inside }), inside)).toBe(
      false,
    );
    expect(waitsForCancellationWindow(order({ status: 'ADMIN_CONFIRM' }), new Date('2026-12-10T00:00:00Z'))).toBe(
      false,
    );
    // Orders signed before the window existed and never given one do not wait.
    expect(waitsForCancellationWindow(order({ cancellableUntil: null }), inside)).toBe(false);
  });

  it('is shown from the signature on', () => {
    expect(cancellationOf(order({ cancellableUntil: null }), new Date())).toBeNull();
    expect(cancellationOf(order(), new Date('2026-12-05T12:00:00Z'))).toEqual({
      lastDay: '2026-12-09',
      endsAt: '2026-12-09T23:00:00.000Z',
      open: true,
      waivedAt: null,
      cancelledAt: null,
      reason: null,
    });
  });
});
