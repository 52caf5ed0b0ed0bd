import { describe, expect, it } from 'vitest';

import { dayToMonth, monthToDay, parseTypedDay } from './date-input';

describe('typed days (ADR 0062)', () => {
  it('reads a German day, with or without leading zeros, as the ISO day', () => {
    expect(parseTypedDay('05.03.2026')).toBe('2026-03-05');
    expect(parseTypedDay(' 5.3.2026 ')).toBe('2026-03-05');
    expect(parseTypedDay('29.02.2028')).toBe('2028-02-29');
  });

  it('reads a British day day-first, never month-first, and an ISO day as it is', () => {
    expect(parseTypedDay('03/04/2026')).toBe('2026-04-03');
    expect(parseTypedDay('2026-04-03')).toBe('2026-04-03');
  });

  it('is null for text that is no day yet, or no real day', () => {
    for (const text of ['', '05.03.', '05.03.202', '5.3.26', '31.02.2026', '13/13/2026', '2026-4-3', 'heute']) {
      expect(parseTypedDay(text), text).toBeNull();
    }
  });

  it('turns a month into its first day and back', () => {
    expect(monthToDay('2026-03')).toBe('2026-03-01');
    expect(monthToDay('März')).toBeNull();
    expect(dayToMonth('2026-03-01')).toBe('2026-03');
  });
});
