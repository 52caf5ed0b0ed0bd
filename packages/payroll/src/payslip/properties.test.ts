import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculatePayslipComparison, compareOffer, preparePayslipProfile, type PayslipOptions } from './compare.js';
import { dateKey } from './dates.js';
import { PayslipError } from './errors.js';
import { mulPpmRound } from './money.js';
import type { LeaseOfferInput, PayslipBases, PayslipBlock, PayslipComparison, SalaryProfileInput } from './types.js';
import {
  offerArbitrary,
  paymentDateArbitrary,
  pkvProfileArbitrary,
  profileArbitrary,
} from './test-support/arbitraries.js';
import { wageTaxForTests } from './test-support/wage-tax.js';
import { socialParametersFor } from '../social/parameters.js';
import { pkvZuschussRateKv, pkvZuschussRatePv } from '../social/pkv.js';

const options: PayslipOptions = { wageTax: wageTaxForTests };
const RUNS = { numRuns: Number(process.env.PAYSLIP_PROPERTY_RUNS ?? 300) };
/** Statutory and private profiles; the second half of the runs only privately insured ones. */
const anyProfile = fc.oneof(profileArbitrary, pkvProfileArbitrary);

/** Runs a comparison; expected refusals (Minijob, conversion too high) discard the case. */
function compare(profile: SalaryProfileInput, offer: LeaseOfferInput, date: string): PayslipComparison {
  try {
    return calculatePayslipComparison(profile, offer, date, options);
  } catch (error) {
    if (error instanceof PayslipError && error.code !== 'INVALID_INPUT') fc.pre(false);
    throw error;
  }
}

const subsidies = (b: PayslipBlock) => b.arbeitgeberzuschussPKV + b.arbeitgeberzuschussPV;

/** brutto − every deduction + the subsidies, recomputed from the block's own fields. */
function takeHomeOf(b: PayslipBlock, bases: PayslipBases): number {
  const deductions =
    bases.cashConversions +
    b.lohnst +
    b.soli +
    b.kirchensteuer +
    b.krankenversicherung +
    b.pflegeversicherung +
    b.rentenversicherung +
    b.arbeitslosenversicherung +
    b.arbeitskammerbeitrag;
  return b.brutto - deductions + subsidies(b);
}

describe('payslip properties', () => {
  it('userPrice never exceeds the converted gross plus the lost subsidies when the benefit is below it', () => {
    fc.assert(
      fc.property(anyProfile, offerArbitrary, paymentDateArbitrary, (profile, offer, date) => {
        const r = compare(profile, offer, date);
        const converted = r.companyCar.convertedGross;
        // The wage tax is monotone only up to the PAP's rounding to full euros of the annual
        // values (a cent more wage can cost a cent less tax); a margin of 1 EUR excludes that.
        fc.pre(r.salarySacrificeData.nonCashBenefit + 100 <= converted);
        // A PKV member also loses the part of the employer's subsidies that followed the wage.
        const lostSubsidy = subsidies(r.before) - subsidies(r.after);
        expect(r.userPrice).toBeLessThanOrEqual(converted + lostSubsidy);
        expect(r.userPrice).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('a higher rate (by at least 1 EUR) never gives a lower userPrice', () => {
    fc.assert(
      fc.property(
        anyProfile,
        offerArbitrary,
        fc.integer({ min: 100, max: 50_000 }),
        paymentDateArbitrary,
        (profile, offer, extra, date) => {
          const low = compare(profile, offer, date);
          const high = compare(profile, { ...offer, monthlyGrossRateCents: offer.monthlyGrossRateCents + extra }, date);
          expect(high.userPrice).toBeGreaterThanOrEqual(low.userPrice);
          // The rise is at most the extra rate plus the subsidies the lower wage costs.
          const lostSubsidy = subsidies(low.after) - subsidies(high.after);
          expect(lostSubsidy).toBeGreaterThanOrEqual(0);
          expect(high.userPrice - low.userPrice).toBeLessThanOrEqual(extra + lostSubsidy);
        },
      ),
      RUNS,
    );
  });

  it('computes the before payslip independently of the offer', () => {
    fc.assert(
      fc.property(anyProfile, offerArbitrary, offerArbitrary, paymentDateArbitrary, (profile, a, b, date) => {
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

  it('keeps every amount an integer number of cents and gross − deductions = takeHome in both blocks', () => {
    fc.assert(
      fc.property(anyProfile, offerArbitrary, paymentDateArbitrary, (profile, offer, date) => {
        const r = compare(profile, offer, date);
        for (const block of [r.before, r.after]) {
          for (const value of Object.values(block)) expect(Number.isSafeInteger(value)).toBe(true);
        }
        expect(r.before.takeHome).toBe(takeHomeOf(r.before, r.bases.before));
        expect(r.after.takeHome).toBe(takeHomeOf(r.after, r.bases.after));
        expect(r.userPrice).toBe(r.before.takeHome - r.after.takeHome);
        expect(r.salarySacrificeData.monthlyNetLeasing).toBe(r.userPrice);
      }),
      RUNS,
    );
  });

  it('pays a subsidy of at most half the premium and at most the employer share on the wage, in both blocks', () => {
    fc.assert(
      fc.property(pkvProfileArbitrary, offerArbitrary, paymentDateArbitrary, (profile, offer, date) => {
        const r = compare(profile, offer, date);
        const p = socialParametersFor(dateKey(date));
        const halfKv = Math.floor(Math.round(Number(profile.beitragPkv) * 100) / 2);
        const halfPv = Math.floor(Math.round(Number(profile.beitragPv) * 100) / 2);
        const saxony = profile.federalState === 'SN';
        for (const [block, bases] of [
          [r.before, r.bases.before],
          [r.after, r.bases.after],
        ] as const) {
          const base = Math.min(bases.svWage, p.bbgKvPv) as typeof bases.svWage;
          const kv = block.arbeitgeberzuschussPKV;
          const pv = block.arbeitgeberzuschussPV;
          if (!profile.arbeitgeberzuschuss) {
            expect([kv, pv]).toEqual([0, 0]);
            continue;
          }
          expect(kv).toBeLessThanOrEqual(halfKv);
          expect(pv).toBeLessThanOrEqual(halfPv);
          expect(kv).toBeLessThanOrEqual(mulPpmRound(base, pkvZuschussRateKv(p)));
          expect(pv).toBeLessThanOrEqual(mulPpmRound(base, pkvZuschussRatePv(saxony, p)));
          // Outside the Übergangsbereich one of the two caps is reached exactly.
          if (!bases.uebergangsbereich) {
            expect(kv).toBe(Math.min(halfKv, mulPpmRound(base, pkvZuschussRateKv(p))));
            expect(pv).toBe(Math.min(halfPv, mulPpmRound(base, pkvZuschussRatePv(saxony, p))));
          }
        }
        if (r.bases.after.svWage <= r.bases.before.svWage) {
          expect(subsidies(r.after)).toBeLessThanOrEqual(subsidies(r.before));
        }
      }),
      RUNS,
    );
  });

  it('warns of the JAEG exactly when a PKV member crosses it, and never pays statutory members a subsidy', () => {
    fc.assert(
      fc.property(anyProfile, offerArbitrary, paymentDateArbitrary, (profile, offer, date) => {
        const r = compare(profile, offer, date);
        const limit = socialParametersFor(dateKey(date)).versicherungspflichtgrenze;
        const crosses =
          profile.healthInsurance === 'PRIVATE' && r.bases.before.svWage >= limit && r.bases.after.svWage < limit;
        const jaeg = r.warnings.find((w) => w.code === 'JAEG_UNDERRUN');
        expect(jaeg !== undefined).toBe(crosses);
        expect(r.benefitImpact.versicherungspflichtgrenzeUnterschritten).toBe(crosses);
        for (const w of r.warnings) expect(w.shortfall).toBe(w.limit - w.wage);
        for (const w of r.warnings) expect(w.shortfall).toBeGreaterThan(0);
        if (profile.healthInsurance === 'STATUTORY') {
          expect([subsidies(r.before), subsidies(r.after)]).toEqual([0, 0]);
        }
      }),
      RUNS,
    );
  });
});
