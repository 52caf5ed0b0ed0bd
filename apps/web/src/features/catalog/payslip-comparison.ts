import type { TaxResult } from '@leasing/contract';

const round2 = (eur: number) => Math.round(eur * 100) / 100;

/** What the chart shows: where the gross rate comes from, and the take-home pay before and after. */
export interface MoneyFlow {
  takeHomeBefore: number;
  takeHomeAfter: number;
  /** The gross rate converted from salary. */
  grossRate: number;
  /** Take-home pay lost: what the car really costs the employee. */
  netCost: number;
  /** Wage tax, solidarity surcharge and church tax saved. */
  taxSaved: number;
  /** Employee social insurance contributions saved (health, care, pension, unemployment, AKB). */
  socialSaved: number;
  /** The taxed non-cash benefit (private use and commuting), monthly. */
  benefitTaxed: number;
  /** The employer's share of the gross rate: not converted from salary at all. */
  employerSubsidy: number;
}

export function moneyFlow(tax: TaxResult): MoneyFlow {
  const { before: b, after: a } = tax;
  const taxes = (p: TaxResult['before']) => p.lohnst + p.soli + p.kirchensteuer;
  const social = (p: TaxResult['before']) =>
    p.krankenversicherung +
    p.pflegeversicherung +
    p.rentenversicherung +
    p.arbeitslosenversicherung +
    p.arbeitskammerbeitrag;
  return {
    takeHomeBefore: b.takeHome,
    takeHomeAfter: a.takeHome,
    grossRate: tax.price,
    netCost: round2(b.takeHome - a.takeHome),
    taxSaved: round2(taxes(b) - taxes(a)),
    socialSaved: round2(social(b) - social(a)),
    benefitTaxed: tax.salarySacrificeData.nonCashBenefit,
    employerSubsidy: tax.salarySacrificeData.employerContribution,
  };
}
