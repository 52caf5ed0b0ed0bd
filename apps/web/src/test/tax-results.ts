import type { TaxResult } from '@leasing/contract';

/*
 * Tax results as the API sends them, shared by the vehicle page's, the order screens' and the shared
 * payslip table's tests.
 */

const block = (overrides: Partial<TaxResult['before']> = {}): TaxResult['before'] => ({
  brutto: 5200,
  adjustedGross: 5200,
  lohnst: 837.16,
  soli: 0,
  kirchensteuer: 75.34,
  krankenversicherung: 455,
  pflegeversicherung: 124.8,
  rentenversicherung: 483.6,
  arbeitslosenversicherung: 67.6,
  arbeitskammerbeitrag: 0,
  arbeitgeberzuschussPKV: 0,
  arbeitgeberzuschussPV: 0,
  takeHome: 3156.5,
  ...overrides,
});

const noSacrifice = {
  monthlyNetLeasing: 0,
  vehicleTaxation: 0,
  commutingTaxation: 0,
  employerContribution: 0,
  nonCashBenefit: 0,
};

/** The demo employee's payslip for the Kia EV3, 48 months, 10,000 km, all-season tyres. */
export function buildTaxResult(overrides: Partial<TaxResult> = {}): TaxResult {
  return {
    userPrice: 322.34,
    price: 492.36,
    before: block(),
    after: block({
      adjustedGross: 4869.34,
      lohnst: 747.16,
      kirchensteuer: 67.24,
      krankenversicherung: 426.07,
      pflegeversicherung: 116.86,
      rentenversicherung: 452.85,
      arbeitslosenversicherung: 63.3,
      takeHome: 2834.16,
    }),
    salarySacrificeData: {
      monthlyNetLeasing: 322.34,
      vehicleTaxation: 105,
      commutingTaxation: 56.7,
      employerContribution: 0,
      nonCashBenefit: 161.7,
    },
    salarySacrificeBefore: noSacrifice,
    pensionImpact: {
      entgeltpunkteLossPerYear: 0.0764,
      monthlyPensionLossPerYear: 3.12,
      notes: ['Das Krankengeld bemisst sich am beitragspflichtigen Entgelt; es sinkt durch die Gehaltsumwandlung.'],
    },
    calculatedFor: '2026-11-01',
    ...overrides,
  };
}

/**
 * The payslip frozen into the demo order (Audi Q4 e-tron, 48 months): no solidarity surcharge, no
 * Arbeitskammer, no employer subsidy.
 */
export function buildOrderTaxResult(overrides: Partial<TaxResult> = {}): TaxResult {
  const payslip = {
    brutto: 5200,
    adjustedGross: 5200,
    lohnst: 837.16,
    soli: 0,
    kirchensteuer: 75.34,
    krankenversicherung: 455,
    pflegeversicherung: 124.8,
    rentenversicherung: 483.6,
    arbeitslosenversicherung: 67.6,
    arbeitskammerbeitrag: 0,
    arbeitgeberzuschussPKV: 0,
    arbeitgeberzuschussPV: 0,
    takeHome: 3156.5,
  };
  return {
    userPrice: 426.78,
    price: 642.68,
    before: payslip,
    after: { ...payslip, adjustedGross: 4779.08, lohnst: 723.08, kirchensteuer: 65.07, takeHome: 2729.72 },
    salarySacrificeBefore: noSacrifice,
    salarySacrificeData: { ...noSacrifice, monthlyNetLeasing: 426.78, nonCashBenefit: 221.76 },
    calculatedFor: '2026-03-01',
    ...overrides,
  };
}
