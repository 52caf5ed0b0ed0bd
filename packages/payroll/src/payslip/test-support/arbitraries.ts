import fc from 'fast-check';
import type { FederalStateCode, LeaseOfferInput, SalaryConversionInput, SalaryProfileInput } from '../types.js';

const STATES: readonly FederalStateCode[] = [
  'BW',
  'BY',
  'BA',
  'BN',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
];

/** EUR with cents as a number, e.g. 4321.07. */
const eur = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((c) => c / 100);

const isoDate = (fromYear: number, toYear: number) =>
  fc
    .record({
      y: fc.integer({ min: fromYear, max: toYear }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const conversion: fc.Arbitrary<SalaryConversionInput> = fc.oneof(
  fc.record({
    conversationType: fc.constant('BIKE_LEASING_UNDER_25' as const),
    leasingRate: eur(30, 120),
    monetaryBenefitPrivateUse: eur(5, 25),
  }),
  fc.record({
    conversationType: fc.constant('BIKE_LEASING_OVER_25' as const),
    leasingRate: eur(60, 180),
    monetaryBenefitPrivateUse: eur(10, 40),
    monetaryBenefitCommuteToWork: eur(0, 20),
  }),
  fc.record({ conversationType: fc.constant('HARDWARE_LEASING' as const), salaryConversionAmount: eur(10, 80) }),
  fc.record({ conversationType: fc.constant('COMPANY_PENSION_PLAN' as const), salaryConversionAmount: eur(50, 400) }),
);

/** Realistic salary profiles of employees who could lease a car by salary conversion. */
export const profileArbitrary: fc.Arbitrary<SalaryProfileInput> = fc
  .record({
    federalState: fc.constantFrom(...STATES),
    dateOfBirth: isoDate(1958, 2004),
    grossMonthlySalaryEur: eur(1_800, 16_000),
    taxClass: fc.integer({ min: 1, max: 6 }),
    spouseFactor: fc.integer({ min: 700, max: 999 }).map((t) => t / 1000),
    taxAllowance: fc.oneof(fc.constant(0), eur(0, 6_000)),
    children: fc.boolean(),
    childrenUnder25: fc.integer({ min: 0, max: 6 }),
    childrenAllowances: fc.integer({ min: 0, max: 8 }).map((h) => h / 2),
    pensionInsurance: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    unemploymentInsurance: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    churchTax: fc.boolean(),
    akb: fc.boolean(),
    privateHealth: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    basicRateHealthInsurance: fc.constantFrom(14.6, 14.0),
    additionalAmountHealthInsurance: fc.integer({ min: 100, max: 450 }).map((h) => h / 100),
    arbeitgeberzuschuss: fc.boolean(),
    beitragPkv: eur(250, 1_100),
    beitragPv: eur(30, 150),
    companyPensionPlan: fc.oneof(fc.constant(0), eur(0, 300)),
    arrivalKilometers: fc.integer({ min: 0, max: 80 }),
    arrivalNumber: fc.integer({ min: 0, max: 22 }),
    salaryConversions: fc.array(conversion, { maxLength: 2 }),
  })
  .map(({ privateHealth, taxClass, spouseFactor, beitragPkv, beitragPv, ...rest }) => ({
    ...rest,
    taxClass,
    spouseFactor: taxClass === 4 ? spouseFactor : null,
    healthInsurance: privateHealth ? ('PRIVATE' as const) : ('STATUTORY' as const),
    beitragPkv: privateHealth ? beitragPkv : null,
    beitragPv: privateHealth ? beitragPv : null,
    basisbeitragSteuerrelevant: privateHealth ? Math.round(beitragPkv * 80) / 100 : null,
  }));

/** Realistic lease offers. */
export const offerArbitrary: fc.Arbitrary<LeaseOfferInput> = fc.record({
  listPriceGrossCents: fc.integer({ min: 2_500_000, max: 13_000_000 }),
  monthlyGrossRateCents: fc.integer({ min: 20_000, max: 160_000 }),
  employerContributionCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 15_000 })),
  driveType: fc.constantFrom('BEV' as const, 'BEV' as const, 'PHEV' as const, 'ICE' as const),
  acquisitionDate: isoDate(2024, 2026),
  useSingleAssessment: fc.boolean(),
});

/** Payment months of the supported years. */
export const paymentDateArbitrary = fc
  .record({ y: fc.constantFrom(2025, 2026), m: fc.integer({ min: 1, max: 12 }) })
  .map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}-01`);

/** Privately insured employees around the BBG KV and the JAEG, most with the employer subsidy. */
export const pkvProfileArbitrary: fc.Arbitrary<SalaryProfileInput> = fc
  .record({
    profile: profileArbitrary,
    gross: eur(4_000, 9_500),
    beitragPkv: eur(250, 1_400),
    beitragPv: eur(30, 260),
    subsidy: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  })
  .map(({ profile, gross, beitragPkv, beitragPv, subsidy }) => ({
    ...profile,
    grossMonthlySalaryEur: gross,
    healthInsurance: 'PRIVATE' as const,
    basicRateHealthInsurance: null,
    additionalAmountHealthInsurance: null,
    arbeitgeberzuschuss: subsidy,
    beitragPkv,
    beitragPv,
    basisbeitragSteuerrelevant: Math.round(beitragPkv * 80) / 100,
  }));
