import type { LeaseOfferInput, SalaryProfileInput } from '../types.js';
import type { WageTaxInput, WageTaxResult, WageTaxCalculator } from '../pap-mapping.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A statutory-insured, childless single in NRW, 5,000 EUR gross, no extras. */
export function buildProfile(overrides: Partial<Mutable<SalaryProfileInput>> = {}): SalaryProfileInput {
  return {
    federalState: 'NW',
    dateOfBirth: '1985-05-15',
    grossMonthlySalaryEur: 5000,
    taxClass: 1,
    spouseFactor: null,
    taxAllowance: 0,
    children: false,
    childrenUnder25: 0,
    childrenAllowances: 0,
    pensionInsurance: true,
    unemploymentInsurance: true,
    churchTax: false,
    akb: false,
    healthInsurance: 'STATUTORY',
    basicRateHealthInsurance: 14.6,
    additionalAmountHealthInsurance: 2.9,
    arbeitgeberzuschuss: null,
    beitragPkv: null,
    beitragPv: null,
    basisbeitragSteuerrelevant: null,
    companyPensionPlan: 0,
    arrivalKilometers: 0,
    arrivalNumber: 0,
    salaryConversions: [],
    ...overrides,
  };
}

/** A BEV for 44,000 EUR at 500 EUR a month, acquired in March 2026. */
export function buildOffer(overrides: Partial<Mutable<LeaseOfferInput>> = {}): LeaseOfferInput {
  return {
    listPriceGrossCents: 4_400_000,
    monthlyGrossRateCents: 50_000,
    employerContributionCents: 0,
    driveType: 'BEV',
    acquisitionDate: '2026-03-01',
    useSingleAssessment: false,
    ...overrides,
  };
}

/**
 * A stand-in wage tax for tests that are about social insurance and plumbing, not the PAP: 25 %
 * of the taxable wage above 1,200 EUR, rounded down; Soli 0; BK = the tax. It records its calls.
 */
export function stubWageTax(): WageTaxCalculator & { calls: WageTaxInput[] } {
  const calls: WageTaxInput[] = [];
  const fn = (input: WageTaxInput): WageTaxResult => {
    // The payslip reuses its input object: keep a copy.
    calls.push({ ...withPapDefaults(input) });
    const re4 = Number(input.RE4);
    const tax = Math.floor(Math.max(0, re4 - 120_000) / 4);
    return { LSTLZZ: tax, SOLZLZZ: 0, BK: tax };
  };
  return Object.assign(fn, { calls });
}

/** PAP inputs the payslip leaves out when they equal the PAP's default (af = f = STKL = 1, all others 0). */
export function withPapDefaults(input: WageTaxInput): WageTaxInput {
  // PAP 2026 added ALV and PKPVAGZ (both default 0).
  const extra: Record<string, number> = input.version === '2026' ? { ALV: 0, PKPVAGZ: 0 } : {};
  return { ...PAP_DEFAULTS, ...extra, ...input };
}

const PAP_DEFAULTS: Readonly<Record<string, number>> = {
  af: 1,
  STKL: 1,
  AJAHR: 0,
  ALTER1: 0,
  f: 1,
  JFREIB: 0,
  JHINZU: 0,
  JRE4: 0,
  JRE4ENT: 0,
  JVBEZ: 0,
  KRV: 0,
  KVZ: 0,
  LZZFREIB: 0,
  LZZHINZU: 0,
  MBV: 0,
  PKPV: 0,
  PKV: 0,
  PVA: 0,
  PVS: 0,
  PVZ: 0,
  R: 0,
  SONSTB: 0,
  SONSTENT: 0,
  STERBE: 0,
  VBEZ: 0,
  VBEZM: 0,
  VBEZS: 0,
  VBS: 0,
  VJAHR: 0,
  ZKF: 0,
  ZMVB: 0,
};
