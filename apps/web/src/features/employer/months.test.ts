import { describe, expect, it } from 'vitest';

import { currentMonth, isMonth, shiftMonth } from './months';

describe('payroll months', () => {
  it('takes the current month in German time', () => {
    // 31 March 23:30 UTC is already 1 April in Berlin (summer time).
    expect(currentMonth(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04');
    expect(currentMonth(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12');
  });

  it('moves across year ends', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-04', 12)).toBe('2027-04');
  });

  it('accepts only YYYY-MM', () => {
    expect(isMonth('2026-04')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-4')).toBe(false);
    expect(isMonth(undefined)).toBe(false);
  });
});
