import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculatePayslipComparison, compareOffer, preparePayslipProfile, type PayslipOptions } from './compare.js';
import { PayslipError } from './errors.js';
import type { LeaseOfferInput, PayslipComparison, SalaryProfileInput } from './types.js';
import { offerArbitrary, paymentDateArbitrary, profileArbitrary } from './test-support/arbitraries.js';
import { wageTaxForTests } from './test-support/wage-tax.js';

const options: PayslipOptions = { wageTax: wageTaxForTests };
const RUNS = { numRuns: Number(process.env.PAYSLIP_PROPERTY_RUNS ?? 300) };

/** Runs a comparison; expected refusals (Minijob, conversion too high) discard the case. */
function compare(profile: SalaryProfileInput, offer: LeaseOfferInput, date: string): PayslipComparison {
  try {
    return calculatePayslipComparison(profile, offer, date, options);
  } catch (error) {
    if (error instanceof PayslipError && error.code !== 'INVALID_INPUT') fc.pre(false);
    throw error;
  }
}

describe('payslip properties', () => {
  it('userPrice never exceeds the converted gross when the benefit is below it', () => {
    fc.assert(
      fc.property(profileArbitrary, offerArbitrary, paymentDateArbitrary, (profile, offer, date) => {
        const r = compare(profile, offer, date);
        const converted = r.companyCar.convertedGross;
        // The wage tax is monotone only up to the PAP's rounding to full euros of the annual
        // values (a cent more wage can cost a cent less tax); a margin of 1 EUR excludes that.
        fc.pre(r.salarySacrificeData.nonCashBenefit + 100 <= converted);
        expect(r.userPrice).toBeLessThanOrEqual(converted);
        expect(r.userPrice).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('a higher rate (by at least 1 EUR) never gives a lower userPrice', () => {
    fc.assert(
      fc.property(
        profileArbitrary,
        offerArbitrary,
        fc.integer({ min: 100, max: 50_000 }),
        paymentDateArbitrary,
        (profile, offer, extra, date) => {
          const low = compare(profile, offer, date);
          const high = compare(profile, { ...offer, monthlyGrossRateCents: offer.monthlyGrossRateCents + extra }, date);
          expect(high.userPrice).toBeGreaterThanOrEqual(low.userPrice);
          expect(high.userPrice - low.userPrice).toBeLessThanOrEqual(extra);
        },
      ),
      RUNS,
    );
  });

  it('computes the before payslip independently of the offer', () => {
    fc.assert(
      fc.property(profileArbitrary, offerArbitrary, offerArbitrary, paymentDateArbitrary, (profile, a, b, date) => {
        let prepared;
        try {
          prepared = preparePayslipProfile(profile, date, options);
        } catch (error) {
          if (error instanceof PayslipError) return;
          throw error;
        }
        const first = compare(profile, a, date);
        const second = compare(profile, b, date);
        expect(first.before).toEqual(prepared.before.block);
        expect(second.before).toEqual(prepared.before.block);
        expect(compareOffer(prepared, a)).toEqual(first);
      }),
      RUNS,
    );
  });

  it('keeps every amount an integer number of cents and the takeHome identity', () => {
    fc.assert(
      fc.property(profileArbitrary, offerArbitrary, paymentDateArbitrary, (profile, offer, date) => {
        const r = compare(profile, offer, date);
        for (const block of [r.before, r.after]) {
          for (const value of Object.values(block)) expect(Number.isSafeInteger(value)).toBe(true);
        }
        const a = r.after;
        const deductions =
          r.bases.after.cashConversions +
          a.lohnst +
          a.soli +
          a.kirchensteuer +
          a.krankenversicherung +
          a.pflegeversicherung +
          a.rentenversicherung +
          a.arbeitslosenversicherung +
          a.arbeitskammerbeitrag;
        expect(a.takeHome).toBe(a.brutto - deductions + a.arbeitgeberzuschussPKV + a.arbeitgeberzuschussPV);
        expect(r.userPrice).toBe(r.before.takeHome - r.after.takeHome);
      }),
      RUNS,
    );
  });
});
