import { afterEach, describe, expect, it } from 'vitest';

import { setDisplayLocale } from '../../lib/format';
import { currentMonth, formatMonth, isInvoiceMonth, monthOptions, shiftMonth } from './months';

afterEach(() => {
  setDisplayLocale('de-DE');
});

describe('invoice months', () => {
  it('takes the month of German time', () => {
    // 23:30 UTC on 31 December is already January in Berlin.
    expect(currentMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01');
    expect(currentMonth(new Date('2026-06-15T10:00:00Z'))).toBe('2026-06');
  });

  it('moves across years', () => {
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
  });

  it('names months in German, or in English when chosen', () => {
    expect(formatMonth('2026-12')).toBe('Dezember 2026');
    expect(formatMonth('2027-03')).toBe('März 2027');
    setDisplayLocale('en-GB');
    expect(formatMonth('2026-12')).toBe('December 2026');
  });

  it('accepts only months the API accepts', () => {
    expect(isInvoiceMonth('2026-12')).toBe(true);
    expect(isInvoiceMonth('2026-13')).toBe(false);
    expect(isInvoiceMonth('2026-1')).toBe(false);
    expect(isInvoiceMonth(null)).toBe(false);
  });

  it('offers the latest months newest first, with a month from the address added in its place', () => {
    expect(monthOptions('2027-01', 3)).toEqual([
      { value: '2027-01', label: 'Januar 2027' },
      { value: '2026-12', label: 'Dezember 2026' },
      { value: '2026-11', label: 'November 2026' },
    ]);
    expect(monthOptions('2027-01', 2, '2025-05').map((option) => option.value)).toEqual([
      '2027-01',
      '2026-12',
      '2025-05',
    ]);
    expect(monthOptions('2027-01', 2, 'bogus')).toHaveLength(2);
    expect(monthOptions('2027-01', 2, '2026-12')).toHaveLength(2);
  });
});
