import { describe, expect, it } from 'vitest';

import { berlinToday } from './berlin-day.js';

describe('berlinToday', () => {
  it('is the German calendar day, also in the hour after midnight when the UTC date is still the day before', () => {
    expect(berlinToday(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');
    expect(berlinToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(berlinToday(new Date('2026-12-01T22:59:59Z'))).toBe('2026-12-01');
  });
});
