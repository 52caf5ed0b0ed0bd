import { describe, expect, it } from 'vitest';

import type { Clock } from '../../lib/clock.js';
import { PersonalRates } from './personal-rates.js';

/** Only the clock matters for the payment month and the rules year; nothing is read. */
function ratesAt(iso: string): PersonalRates {
  const clock: Clock = { now: () => new Date(iso) };
  return new PersonalRates({ db: undefined as never, cipher: undefined as never, clock });
}

describe('the rules year in the keys of the cached personal answers (ADR 0035)', () => {
  it('names the year whose rules are used, and marks a provisional one', () => {
    expect(ratesAt('2026-12-31T12:00:00Z').rulesTag()).toBe('r2026');
    // 1 January in Germany already (the payment month is German time).
    expect(ratesAt('2026-12-31T23:30:00Z').paymentMonth()).toBe('2027-01-01');
    expect(ratesAt('2026-12-31T23:30:00Z').rulesTag()).toBe('r2026p');
    expect(ratesAt('2027-01-04T08:00:00Z').rulesTag()).toBe('r2026p');
  });

  it('differs between a provisional month and the same rules known: answers made before the year is in are not reused', () => {
    // The tag of a month computed with 2026 rules differs by the provisional mark from a 2026 month,
    // and once the year's PAP is in, the 2027 months become "r2027": a third key.
    expect(ratesAt('2027-01-04T08:00:00Z').rulesTag('2027-01-01')).not.toBe(
      ratesAt('2026-01-04T08:00:00Z').rulesTag('2026-01-01'),
    );
  });
});
