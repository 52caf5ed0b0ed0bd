import { describe, expect, it } from 'vitest';
import { calculatePayslipComparison } from './compare.js';
import type { WageTaxCalculator, WageTaxInput } from './pap-mapping.js';
import { defaultWageTax } from './wage-tax.js';
import { buildOffer, buildProfile } from './test-support/factories.js';
import { referenceFor } from '../pap/test-support/differential.js';

/** The wage tax of the reference interpreter (decimal.js, shares no code with the generated PAP). */
function referenceWageTax(version: '2025' | '2026'): WageTaxCalculator {
  const pap = referenceFor(version);
  return (input: WageTaxInput) => {
    const { version: _ignored, ...inputs } = input;
    const out = pap.run(inputs);
    return { LSTLZZ: Number(out['LSTLZZ']), SOLZLZZ: Number(out['SOLZLZZ']), BK: Number(out['BK']) };
  };
}

/** Records the PKPVAGZ of every PAP call. */
function recording(inner: WageTaxCalculator): WageTaxCalculator & { pkpvagz: unknown[] } {
  const pkpvagz: unknown[] = [];
  const fn = (input: WageTaxInput) => {
    pkpvagz.push(input['PKPVAGZ']);
    return inner(input);
  };
  return Object.assign(fn, { pkpvagz });
}

// NW, born 1985, class 1, no church tax, gross 6,600, PKV 1,100 + PPV 230, basic premium 1,150,
// employer subsidy; BEV list price 60,000 (¼ → 15,000 → 150.00 benefit), rate 1,100, no commute.
const PKV_PROFILE = buildProfile({
  grossMonthlySalaryEur: 6600,
  healthInsurance: 'PRIVATE',
  basicRateHealthInsurance: null,
  additionalAmountHealthInsurance: null,
  arbeitgeberzuschuss: true,
  beitragPkv: 1100,
  beitragPv: 230,
  basisbeitragSteuerrelevant: 1150,
});
const CAR = buildOffer({ listPriceGrossCents: 6_000_000, monthlyGrossRateCents: 110_000 });

describe('PKV subsidy after the conversion (2026, wage falls below the BBG KV)', () => {
  const tax = recording(defaultWageTax);
  const r = calculatePayslipComparison(PKV_PROFILE, CAR, '2026-03-01', { wageTax: tax });

  it('before: the subsidies at their maximum on the BBG (508.59 + 104.63), fed to the PAP as PKPVAGZ', () => {
    // LSt 1,321.16 (PAP 2026, RE4 6,600, PKPV 1,150, PKPVAGZ 613.22); RV 613.80; AV 85.80
    // takeHome 6,600 − 1,321.16 − 1,100 − 230 − 613.80 − 85.80 + 508.59 + 104.63 = 3,862.46
    expect(r.before).toMatchObject({
      lohnst: 132_116,
      krankenversicherung: 110_000,
      pflegeversicherung: 23_000,
      rentenversicherung: 61_380,
      arbeitslosenversicherung: 8_580,
      arbeitgeberzuschussPKV: 50_859,
      arbeitgeberzuschussPV: 10_463,
      takeHome: 386_246,
    });
    expect(tax.pkpvagz[0]).toBe(61_322);
  });

  it('after: SV wage 5,650 → subsidies 494.38 + 101.70, PKPVAGZ 596.08, net cost 680.94', () => {
    // 6,600 − 1,100 + 150 = 5,650; 5,650 × 8.75 % = 494.375 → 494.38; × 1.8 % = 101.70
    // LSt 985.66; RV 5,650 × 9.3 % = 525.45; AV × 1.3 % = 73.45
    // takeHome 6,600 − 1,100 − 985.66 − 1,100 − 230 − 525.45 − 73.45 + 494.38 + 101.70 = 3,181.52
    expect(r.bases.after.svWage).toBe(565_000);
    expect(r.after).toMatchObject({
      adjustedGross: 565_000,
      lohnst: 98_566,
      rentenversicherung: 52_545,
      arbeitslosenversicherung: 7_345,
      arbeitgeberzuschussPKV: 49_438,
      arbeitgeberzuschussPV: 10_170,
      takeHome: 318_152,
    });
    expect(tax.pkpvagz[1]).toBe(59_608);
    expect(r.userPrice).toBe(68_094);
  });

  it('gives the same figures with the independent reference interpreter of the PAP', () => {
    const ref = calculatePayslipComparison(PKV_PROFILE, CAR, '2026-03-01', { wageTax: referenceWageTax('2026') });
    expect(ref).toEqual(r);
  });

  it('warns that the annual wage (67,800) falls 9,600 below the JAEG of 77,400', () => {
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({
      code: 'JAEG_UNDERRUN',
      period: 'YEAR',
      limit: 7_740_000,
      wage: 6_780_000,
      shortfall: 960_000,
    });
    expect(r.warnings[0]?.message).toContain('9.600,00 EUR unter der Jahresarbeitsentgeltgrenze von 77.400,00 EUR');
    expect(r.benefitImpact.versicherungspflichtgrenzeUnterschritten).toBe(true);
  });
});

describe('PKV subsidy cases without a change', () => {
  it('a wage that stays above the BBG KV keeps both subsidies at the maximum', () => {
    // 8,000 − 1,100 + 150 = 7,050 > 5,812.50
    const r = calculatePayslipComparison({ ...PKV_PROFILE, grossMonthlySalaryEur: 8000 }, CAR, '2026-03-01');
    for (const block of [r.before, r.after]) {
      expect([block.arbeitgeberzuschussPKV, block.arbeitgeberzuschussPV]).toEqual([50_859, 10_463]);
    }
    expect(r.bases.after.svWage).toBe(705_000);
    expect(r.warnings).toEqual([]);
  });

  it('a premium below the cap: half the premium before and after (400.00 + 75.00)', () => {
    // After: 5,650 × 8.75 % = 494.38 > 400.00 and × 1.8 % = 101.70 > 75.00
    const r = calculatePayslipComparison({ ...PKV_PROFILE, beitragPkv: 800, beitragPv: 150 }, CAR, '2026-03-01');
    for (const block of [r.before, r.after]) {
      expect([block.arbeitgeberzuschussPKV, block.arbeitgeberzuschussPV]).toEqual([40_000, 7_500]);
    }
  });

  it('a premium between the two shares: only the capped part falls', () => {
    // half PKV 500.00: before min(500, 508.59) = 500.00, after min(500, 494.38) = 494.38
    const r = calculatePayslipComparison({ ...PKV_PROFILE, beitragPkv: 1000 }, CAR, '2026-03-01');
    expect([r.before.arbeitgeberzuschussPKV, r.after.arbeitgeberzuschussPKV]).toEqual([50_000, 49_438]);
  });

  it('no subsidy without the employer subsidy flag; PKPVAGZ stays 0', () => {
    const tax = recording(defaultWageTax);
    const r = calculatePayslipComparison({ ...PKV_PROFILE, arbeitgeberzuschuss: false }, CAR, '2026-03-01', {
      wageTax: tax,
    });
    expect([r.before.arbeitgeberzuschussPKV, r.after.arbeitgeberzuschussPV]).toEqual([0, 0]);
    expect(tax.pkpvagz).toEqual([undefined, undefined]);
  });
});

describe('PKV subsidy variants', () => {
  it('Saxony: the PV subsidy is the employer share of 1.3 % (5,650 × 1.3 % = 73.45)', () => {
    const r = calculatePayslipComparison({ ...PKV_PROFILE, federalState: 'SN' }, CAR, '2026-03-01');
    expect([r.before.arbeitgeberzuschussPV, r.after.arbeitgeberzuschussPV]).toEqual([7_556, 7_345]);
  });

  it('2025: the subsidies follow the wage too (5,050 × 8.55 % = 431.775 → 431.78, × 1.8 % = 90.90)', () => {
    // gross 6,000 − 1,100 + 150 = 5,050 < BBG 2025 5,512.50; the 2025 PAP (PKV = 2) computes its own subsidy
    const profile = { ...PKV_PROFILE, grossMonthlySalaryEur: 6000 };
    const offer = { ...CAR, acquisitionDate: '2025-09-01' };
    const r = calculatePayslipComparison(profile, offer, '2025-09-01', { wageTax: referenceWageTax('2025') });
    expect([r.before.arbeitgeberzuschussPKV, r.before.arbeitgeberzuschussPV]).toEqual([47_132, 9_923]);
    expect([r.after.arbeitgeberzuschussPKV, r.after.arbeitgeberzuschussPV]).toEqual([43_178, 9_090]);
    expect(calculatePayslipComparison(profile, offer, '2025-09-01')).toEqual(r);
  });
});
