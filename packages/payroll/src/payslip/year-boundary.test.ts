import { describe, expect, it } from 'vitest';
import { calculatePayslipComparison, preparePayslipProfile } from './compare.js';
import { PayslipError } from './errors.js';
import { papInputFor } from './wage-tax.js';
import { latestKnownPayrollYear, provisionalYearMessage, resolvePayrollYear } from './year-basis.js';
import { buildOffer, buildProfile } from './test-support/factories.js';
import { employerSvSaving } from '../payroll-export/employer-saving.js';
import { cents } from './money.js';

describe('the payroll year a payment date is computed with (ADR 0035)', () => {
  it('uses a known year as it is, not provisional', () => {
    expect(resolvePayrollYear('2026-03-01')).toEqual({
      year: 2026,
      requestedYear: 2026,
      provisional: false,
      rulesDate: '2026-03-01',
    });
    expect(resolvePayrollYear('2025-12-31').provisional).toBe(false);
  });

  it('computes a year after the latest known one with that year’s rules and marks it provisional', () => {
    expect(latestKnownPayrollYear()).toBe(2026);
    expect(resolvePayrollYear('2027-01-04')).toEqual({
      year: 2026,
      requestedYear: 2027,
      provisional: true,
      rulesDate: '2026-01-04',
    });
    // 29 February of a leap year moves to the 28th of the basis year.
    expect(resolvePayrollYear('2028-02-29').rulesDate).toBe('2026-02-28');
  });

  it('refuses a date before the first known year instead of estimating backwards', () => {
    expect(() => resolvePayrollYear('2023-06-01')).toThrow(
      expect.objectContaining({ code: 'NO_PARAMETERS_FOR_DATE', message: expect.stringMatching(/nicht hinterlegt/) }),
    );
  });

  it('says in German which year’s rules were used', () => {
    expect(provisionalYearMessage({ year: 2026, requestedYear: 2027 })).toMatch(
      /^Vorläufig: berechnet mit den Regeln von 2026, die Werte für 2027 .*liegen noch nicht vor/,
    );
  });
});

describe('a payment year without published values (2027 before the BMF publishes its PAP)', () => {
  it('computes 2027-01-01 with the 2026 rules and marks the comparison provisional', () => {
    const prepared = preparePayslipProfile(buildProfile(), '2027-01-01');
    expect(prepared.basis).toMatchObject({ year: 2026, requestedYear: 2027, provisional: true });
    expect(prepared.params.validFrom).toBe('2026-01-01');
    const provisional = calculatePayslipComparison(buildProfile(), buildOffer(), '2027-01-01');
    expect(provisional.provisional).toEqual({ year: 2027, basedOnYear: 2026 });
    // The same rules as January 2026: the same figures, only the marker differs.
    const known = calculatePayslipComparison(buildProfile(), buildOffer(), '2026-01-01');
    expect(known.provisional).toBeUndefined();
    expect(provisional.userPrice).toBe(known.userPrice);
    expect(provisional.after).toEqual(known.after);
  });

  it('counts the person’s age at the real payment date (childless surcharge from 23)', () => {
    // Born 2004-06-15: completes 23 in June 2027, so the childless surcharge applies from July 2027
    // although the 2026 rules are used; in July 2026 it does not yet.
    const profile = buildProfile({ dateOfBirth: '2004-06-15' });
    const july2027 = preparePayslipProfile(profile, '2027-07-01');
    const july2026 = preparePayslipProfile(profile, '2026-07-01');
    expect(july2027.before.block.pflegeversicherung).toBeGreaterThan(july2026.before.block.pflegeversicherung);
  });

  it('still computes 2026-12-01 with the 2026 values, not provisional', () => {
    const r = calculatePayslipComparison(buildProfile(), buildOffer(), '2026-12-01');
    expect(r.userPrice).toBeGreaterThan(0);
    expect(r.provisional).toBeUndefined();
  });

  it('still refuses a PAP lookup of the PAP module itself for a year without a PAP (the payslip resolves first)', () => {
    expect(() => papInputFor('2027-01-01', { LZZ: 2 })).toThrow(PayslipError);
  });

  it('gives the employer’s SV saving for 2027 with the 2026 values instead of failing', () => {
    const person = {
      statutoryHealth: true,
      kvZusatzPercent: 2.9,
      pensionInsurance: true,
      unemploymentInsurance: true,
      saxony: false,
    };
    const y2027 = employerSvSaving(person, '2027-01-01', cents(500_000), cents(460_000));
    expect(y2027).not.toBeNull();
    expect(y2027).toBe(employerSvSaving(person, '2026-01-01', cents(500_000), cents(460_000)));
  });
});
