import { describe, expect, it } from 'vitest';
import { calculatePayslipComparison, type PayslipOptions } from './compare.js';
import type { WageTaxInput, WageTaxResult, WageTaxCalculator } from './pap-mapping.js';
import { buildOffer, buildProfile, withPapDefaults } from './test-support/factories.js';

/**
 * Worked examples computed by hand. The wage tax of each example is a recorded PAP result from the
 * independent vectors in `shared/reference/bmf-pap/tests/derived-pap-{2025,2026}.json` (each computed
 * by three independent PAP implementations): the recorded PAP below returns those outputs only if
 * our mapping produces exactly the recorded PAP inputs, so the mapping is checked too.
 */
interface Recorded {
  readonly inputs: Readonly<Record<string, number | string>>;
  readonly expected: { readonly LSTLZZ: number; readonly SOLZLZZ: number; readonly BK: number };
}

const ZERO_INPUTS = {
  af: 1,
  AJAHR: 0,
  ALTER1: 0,
  f: 1,
  JFREIB: 0,
  JHINZU: 0,
  JRE4: 0,
  JRE4ENT: 0,
  JVBEZ: 0,
  KRV: 0,
  LZZ: 2,
  LZZFREIB: 0,
  LZZHINZU: 0,
  MBV: 0,
  SONSTB: 0,
  SONSTENT: 0,
  STERBE: 0,
  VBEZ: 0,
  VBEZM: 0,
  VBEZS: 0,
  VBS: 0,
  VJAHR: 0,
  ZMVB: 0,
};

/** derived-pap-2026.json, profile "childless" (KVZ 2.9, PVZ 1), STKL 1. */
const CHILDLESS_2026 = {
  ...ZERO_INPUTS,
  ALV: 0,
  KVZ: '2.9',
  PKPV: 0,
  PKPVAGZ: 0,
  PKV: 0,
  PVA: 0,
  PVS: 0,
  PVZ: 1,
  R: 0,
  STKL: 1,
  ZKF: 0,
};
/** derived-pap-2026.json, profile "saxony-2kids-church" (PVS 1, PVA 1, R 1, ZKF 2), STKL 4. */
const SAXONY_2026 = {
  ...ZERO_INPUTS,
  ALV: 0,
  KVZ: '2.9',
  PKPV: 0,
  PKPVAGZ: 0,
  PKV: 0,
  PVA: '1',
  PVS: 1,
  PVZ: 0,
  R: 1,
  STKL: 4,
  ZKF: '2',
};
/** derived-pap-2025.json, profile "pkv" (PKV 2 = private with employer subsidy, PKPV 650.00), STKL 1. */
const PKV_2025 = { ...ZERO_INPUTS, KVZ: 0, PKPV: 65_000, PKV: 2, PVA: 0, PVS: 0, PVZ: 0, R: 0, STKL: 1, ZKF: 0 };
/** derived-pap-2026.json, profile "one-child" (ZKF 1, PVZ 0), STKL 1. */
const ONE_CHILD_2026 = {
  ...ZERO_INPUTS,
  ALV: 0,
  KVZ: '2.9',
  PKPV: 0,
  PKPVAGZ: 0,
  PKV: 0,
  PVA: 0,
  PVS: 0,
  PVZ: 0,
  R: 0,
  STKL: 1,
  ZKF: '1',
};

const rec = (
  base: Record<string, number | string>,
  RE4: number,
  LSTLZZ: number,
  SOLZLZZ: number,
  BK: number,
): Recorded => ({
  inputs: { ...base, RE4 },
  expected: { LSTLZZ, SOLZLZZ, BK },
});

/** A wage tax that answers only the recorded cases and checks every input against the record. */
function recordedPap(records: readonly Recorded[]): WageTaxCalculator {
  return (input: WageTaxInput): WageTaxResult => {
    const match = records.find((r) => r.inputs.RE4 === input.RE4);
    if (!match) throw new Error(`no recorded PAP result for RE4 ${String(input.RE4)}`);
    // Inputs equal to the PAP default are left out by the payslip: compare with defaults filled in.
    const ours = Object.fromEntries(
      Object.entries(withPapDefaults(input))
        .filter(([k]) => k !== 'version')
        .map(([k, v]) => [k, Number(v)]),
    );
    const recorded = Object.fromEntries(Object.entries(match.inputs).map(([k, v]) => [k, Number(v)]));
    expect(ours).toEqual(recorded);
    return match.expected;
  };
}

/**
 * Runs the example with the recorded PAP, and checks that the package's own PAP (the default)
 * gives exactly the same comparison.
 */
function run(records: readonly Recorded[], ...args: Parameters<typeof calculatePayslipComparison>) {
  const [profile, offer, date] = args;
  const options: PayslipOptions = { wageTax: recordedPap(records) };
  const recorded = calculatePayslipComparison(profile, offer, date, options);
  expect(calculatePayslipComparison(profile, offer, date)).toEqual(recorded);
  return recorded;
}

describe('worked example A: 2026, NRW, class I, childless, BEV 44,000 EUR', () => {
  const records = [rec(CHILDLESS_2026, 500_000, 78_241, 0, 0), rec(CHILDLESS_2026, 425_099, 58_675, 0, 0)];
  const profile = buildProfile({ federalState: 'NW', dateOfBirth: '1985-05-15', grossMonthlySalaryEur: 5000 });
  const offer = buildOffer({
    listPriceGrossCents: 4_400_000,
    monthlyGrossRateCents: 85_901,
    acquisitionDate: '2026-03-01',
  });
  const r = run(records, profile, offer, '2026-03-01');

  it('values the car: ¼ × 44,000 = 11,000 → 1 % = 110.00', () => {
    expect(r.companyCar).toMatchObject({ rate: '0,25 %', bemessungsgrundlage: 1_100_000, convertedGross: 85_901 });
    expect(r.salarySacrificeData).toMatchObject({
      vehicleTaxation: 11_000,
      commutingTaxation: 0,
      nonCashBenefit: 11_000,
    });
  });

  it('before: 5,000.00 gross', () => {
    // LSt 782.41 (vector); KV 5,000 × 7.3 % = 365.00 + × 1.45 % = 72.50 = 437.50; PV × 2.4 % = 120.00;
    // RV × 9.3 % = 465.00; AV × 1.3 % = 65.00; takeHome 5,000 − 1,869.91 = 3,130.09
    expect(r.before).toEqual({
      brutto: 500_000,
      adjustedGross: 500_000,
      lohnst: 78_241,
      soli: 0,
      kirchensteuer: 0,
      krankenversicherung: 43_750,
      pflegeversicherung: 12_000,
      rentenversicherung: 46_500,
      arbeitslosenversicherung: 6_500,
      arbeitskammerbeitrag: 0,
      arbeitgeberzuschussPKV: 0,
      arbeitgeberzuschussPV: 0,
      takeHome: 313_009,
    });
  });

  it('after: 5,000 − 859.01 + 110.00 = 4,250.99 taxable and SV wage', () => {
    // LSt 586.75 (vector); KV 4,250.99 × 7.3 % = 310.32227 → 310.32, × 1.45 % = 61.639355 → 61.64: 371.96;
    // PV × 2.4 % = 102.02376 → 102.02; RV × 9.3 % = 395.34207 → 395.34; AV × 1.3 % = 55.26287 → 55.26;
    // takeHome 5,000 − 859.01 − 586.75 − 371.96 − 102.02 − 395.34 − 55.26 = 2,629.66
    expect(r.after).toEqual({
      brutto: 500_000,
      adjustedGross: 425_099,
      lohnst: 58_675,
      soli: 0,
      kirchensteuer: 0,
      krankenversicherung: 37_196,
      pflegeversicherung: 10_202,
      rentenversicherung: 39_534,
      arbeitslosenversicherung: 5_526,
      arbeitskammerbeitrag: 0,
      arbeitgeberzuschussPKV: 0,
      arbeitgeberzuschussPV: 0,
      takeHome: 262_966,
    });
  });

  it('net rate 3,130.09 − 2,629.66 = 500.43', () => {
    expect(r.userPrice).toBe(50_043);
    expect(r.salarySacrificeData.monthlyNetLeasing).toBe(50_043);
  });

  it('pension: 749.01 × 12 = 8,988.12 / 51,944 = 0.1730 EP × 40.79 = 7.06 EUR', () => {
    expect(r.pensionImpact).toEqual({
      applies: true,
      rvEntgeltReductionPerYear: 898_812,
      entgeltpunkteReductionPerYear: 0.173,
      monthlyPensionReduction: 706,
      durchschnittsentgelt: 5_194_400,
      rentenwert: 4_079,
      rentenwertCarriedForward: false,
    });
    expect(r.benefitImpact).toMatchObject({
      svEntgeltReductionPerMonth: 74_901,
      krankengeldReduced: true,
      arbeitslosengeldReduced: true,
      elterngeldReduced: true,
    });
  });
});

describe('worked example B: 2026, Saxony, class IV, two children, church, commute, employer contribution', () => {
  const records = [rec(SAXONY_2026, 425_099, 59_141, 0, 34_875), rec(SAXONY_2026, 350_000, 40_900, 0, 18_675)];
  const profile = buildProfile({
    federalState: 'SN',
    dateOfBirth: '1988-09-20',
    grossMonthlySalaryEur: '4250.99',
    taxClass: 4,
    spouseFactor: null,
    children: true,
    childrenUnder25: 2,
    childrenAllowances: 2,
    churchTax: true,
    arrivalKilometers: 10.7,
    arrivalNumber: 18,
  });
  // BEV 40,000 → ¼ = 10,000 → private 100.00; commuting 0.03 % × 10,000 × 10 km (10.7 → full km) = 30.00
  // rate 930.99 − employer 50.00 = 880.99 converted → 4,250.99 − 880.99 + 130.00 = 3,500.00
  const offer = buildOffer({
    listPriceGrossCents: 4_000_000,
    monthlyGrossRateCents: 93_099,
    employerContributionCents: 5_000,
    acquisitionDate: '2026-01-15',
  });
  const r = run(records, profile, offer, '2026-05-01');

  it('before: PV 2.3 % − 0.25 % = 2.05 %, church 9 % of BK', () => {
    // LSt 591.41, BK 348.75 (vector) → KiSt 31.3875 → 31.38; KV 310.32 + 61.64 = 371.96;
    // PV 4,250.99 × 2.05 % = 87.145 → 87.15; RV 395.34; AV 55.26
    // takeHome 4,250.99 − 591.41 − 31.38 − 371.96 − 87.15 − 395.34 − 55.26 = 2,718.49
    expect(r.before).toMatchObject({
      lohnst: 59_141,
      kirchensteuer: 3_138,
      krankenversicherung: 37_196,
      pflegeversicherung: 8_715,
      rentenversicherung: 39_534,
      arbeitslosenversicherung: 5_526,
      takeHome: 271_849,
    });
  });

  it('after: 3,500.00', () => {
    // LSt 409.00, BK 186.75 → KiSt 16.8075 → 16.80; KV 3,500 × 8.75 % = 306.25; PV × 2.05 % = 71.75;
    // RV 325.50; AV 45.50; takeHome 4,250.99 − 880.99 − 409.00 − 16.80 − 306.25 − 71.75 − 325.50 − 45.50 = 2,195.20
    expect(r.after).toMatchObject({
      adjustedGross: 350_000,
      lohnst: 40_900,
      kirchensteuer: 1_680,
      krankenversicherung: 30_625,
      pflegeversicherung: 7_175,
      rentenversicherung: 32_550,
      arbeitslosenversicherung: 4_550,
      takeHome: 219_520,
    });
    expect(r.salarySacrificeData).toEqual({
      monthlyNetLeasing: 52_329,
      vehicleTaxation: 10_000,
      commutingTaxation: 3_000,
      employerContribution: 5_000,
      nonCashBenefit: 13_000,
    });
  });

  it('net rate 2,718.49 − 2,195.20 = 523.29; 750.99 × 12 = 9,011.88 → 0.1735 EP → 7.08 EUR', () => {
    expect(r.userPrice).toBe(52_329);
    expect(r.pensionImpact.entgeltpunkteReductionPerYear).toBe(0.1735);
    expect(r.pensionImpact.monthlyPensionReduction).toBe(708);
  });
});

describe('worked example C: 2025, PKV with employer subsidy, above the BBG RV, PHEV', () => {
  const records = [rec(PKV_2025, 845_000, 221_441, 6_567, 0), rec(PKV_2025, 805_000, 204_641, 4_568, 0)];
  const profile = buildProfile({
    federalState: 'HE',
    grossMonthlySalaryEur: 8450,
    healthInsurance: 'PRIVATE',
    basicRateHealthInsurance: null,
    additionalAmountHealthInsurance: null,
    arbeitgeberzuschuss: true,
    beitragPkv: 700,
    beitragPv: 110,
    basisbeitragSteuerrelevant: 650,
  });
  // PHEV 60,000 → ½ = 30,000 → private 300.00; rate 700.00 → 8,450 − 700 + 300 = 8,050.00
  const offer = buildOffer({
    driveType: 'PHEV',
    listPriceGrossCents: 6_000_000,
    monthlyGrossRateCents: 70_000,
    acquisitionDate: '2025-08-01',
  });
  const r = run(records, profile, offer, '2025-09-01');

  it('before: subsidies 350.00 + 55.00 paid out, RV/AV capped at 8,050', () => {
    // LSt 2,214.41, Soli 65.67 (vector); PKV 700.00, PPV 110.00; RV 8,050 × 9.3 % = 748.65; AV 104.65
    // takeHome 8,450 − 2,214.41 − 65.67 − 700 − 110 − 748.65 − 104.65 + 350 + 55 = 4,911.62
    expect(r.before).toEqual({
      brutto: 845_000,
      adjustedGross: 845_000,
      lohnst: 221_441,
      soli: 6_567,
      kirchensteuer: 0,
      krankenversicherung: 70_000,
      pflegeversicherung: 11_000,
      rentenversicherung: 74_865,
      arbeitslosenversicherung: 10_465,
      arbeitskammerbeitrag: 0,
      arbeitgeberzuschussPKV: 35_000,
      arbeitgeberzuschussPV: 5_500,
      takeHome: 491_162,
    });
  });

  it('after: 8,050.00; net rate 4,911.62 − 4,399.61 = 512.01; no pension loss at the ceiling', () => {
    // LSt 2,046.41, Soli 45.68; RV/AV unchanged (still at the BBG)
    // takeHome 8,450 − 700 − 2,046.41 − 45.68 − 700 − 110 − 748.65 − 104.65 + 405 = 4,399.61
    expect(r.after).toMatchObject({ adjustedGross: 805_000, lohnst: 204_641, soli: 4_568, takeHome: 439_961 });
    expect(r.userPrice).toBe(51_201);
    expect(r.pensionImpact.entgeltpunkteReductionPerYear).toBe(0);
    expect(r.benefitImpact.krankengeldReduced).toBe(false);
    expect(r.benefitImpact.versicherungspflichtgrenzeUnterschritten).toBe(false);
  });
});

describe('worked example D: 2026, conversion into the Übergangsbereich', () => {
  const records = [rec(ONE_CHILD_2026, 200_000, 9_108, 0, 0), rec(ONE_CHILD_2026, 125_000, 0, 0, 0)];
  const profile = buildProfile({
    grossMonthlySalaryEur: 2000,
    children: true,
    childrenUnder25: 1,
    childrenAllowances: 1,
  });
  // BEV 30,000 → ¼ = 7,500 → 75.00; rate 825.00 → 2,000 − 825 + 75 = 1,250.00
  const offer = buildOffer({ listPriceGrossCents: 3_000_000, monthlyGrossRateCents: 82_500 });
  const r = run(records, profile, offer, '2026-03-01');

  it('before: 2,000.00 is the top of the Übergangsbereich, the employee base equals the wage', () => {
    // KV 146.00 + 29.00; PV 2,000 × 1.8 % = 36.00; RV 186.00; AV 26.00; LSt 91.08
    // takeHome 2,000 − 91.08 − 175 − 36 − 186 − 26 = 1,485.92
    expect(r.before).toMatchObject({
      lohnst: 9_108,
      krankenversicherung: 17_500,
      pflegeversicherung: 3_600,
      takeHome: 148_592,
    });
  });

  it('after: employee base 2,000/1,397 × (1,250 − 603) = 926.27', () => {
    // KV 926.27 × 7.3 % = 67.61771 → 67.62 + × 1.45 % = 13.430915 → 13.43 = 81.05; PV × 1.8 % = 16.67286 → 16.67;
    // RV × 9.3 % = 86.14311 → 86.14; AV × 1.3 % = 12.04151 → 12.04; LSt 0
    // takeHome 2,000 − 825 − 81.05 − 16.67 − 86.14 − 12.04 = 979.10; net rate 1,485.92 − 979.10 = 506.82
    expect(r.after).toMatchObject({
      lohnst: 0,
      krankenversicherung: 8_105,
      pflegeversicherung: 1_667,
      rentenversicherung: 8_614,
      arbeitslosenversicherung: 1_204,
      takeHome: 97_910,
    });
    expect(r.bases.after.uebergangsbereich).toBe(true);
    expect(r.userPrice).toBe(50_682);
    // Pension counts the full wage in the Übergangsbereich: 750 × 12 = 9,000 / 51,944 = 0.1733 EP → 7.07 EUR
    expect(r.pensionImpact.entgeltpunkteReductionPerYear).toBe(0.1733);
    expect(r.pensionImpact.monthlyPensionReduction).toBe(707);
  });
});
