import { describe, expect, it } from 'vitest';
import { calculatePayslipComparison, preparePayslipProfile } from './compare.js';
import { PayslipError } from './errors.js';
import { papInputFor } from './wage-tax.js';
import { buildOffer, buildProfile } from './test-support/factories.js';

describe('a payment year without published values (2027 before the BMF publishes its PAP)', () => {
  it('refuses 2027-01-01 with a German message instead of computing with the 2026 values', () => {
    let error: unknown;
    try {
      preparePayslipProfile(buildProfile(), '2027-01-01');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PayslipError);
    expect((error as PayslipError).code).toBe('NO_PARAMETERS_FOR_DATE');
    expect((error as PayslipError).message).toMatch(
      /Abrechnungsmonat 2027-01-01 .*Lohnsteuer-Programmablaufplan des BMF noch nicht hinterlegt/,
    );
  });

  it('still computes 2026-12-01 with the 2026 values', () => {
    const r = calculatePayslipComparison(buildProfile(), buildOffer(), '2026-12-01');
    expect(r.userPrice).toBeGreaterThan(0);
  });

  it('refuses a missing PAP as a PayslipError too (once SV values for a year exist without its PAP)', () => {
    expect(() => papInputFor('2027-01-01', { LZZ: 2 })).toThrow(
      expect.objectContaining({ code: 'NO_PARAMETERS_FOR_DATE', message: expect.stringMatching(/Programmablaufplan/) }),
    );
  });
});
