import { describe, expect, it } from 'vitest';

import { firstWorkingDay } from './jobs.js';

describe('the first working day of a month', () => {
  it('skips weekends and New Year’s Day', () => {
    expect(firstWorkingDay('2026-12')).toBe('2026-12-01');
    expect(firstWorkingDay('2027-01')).toBe('2027-01-04');
    expect(firstWorkingDay('2026-08')).toBe('2026-08-03');
    expect(firstWorkingDay('2028-01')).toBe('2028-01-03');
  });
});
