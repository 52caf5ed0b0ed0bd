import type { TaxResult } from '@leasing/contract';

/** Row keys of the tax comparison table; the German labels live in `catalog.json` under `tax.rows`. */
export type TaxRowKey =
  | 'brutto'
  | 'conversion'
  | 'vehicleTaxation'
  | 'commutingTaxation'
  | 'nonCashBenefit'
  | 'employerContribution'
  | 'adjustedGross'
  | 'lohnst'
  | 'soli'
  | 'kirchensteuer'
  | 'krankenversicherung'
  | 'pflegeversicherung'
  | 'rentenversicherung'
  | 'arbeitslosenversicherung'
  | 'arbeitskammerbeitrag'
  | 'arbeitgeberzuschussPKV'
  | 'arbeitgeberzuschussPV'
  | 'takeHome'
  | 'netRate';

export interface TaxRow {
  key: TaxRowKey;
  before: number;
  after: number;
  /** Sums the reader looks for first: gross, taxable gross, take-home pay, net rate. */
  emphasis: boolean;
}

const round2 = (eur: number) => Math.round(eur * 100) / 100;

/**
 * The rows of the tax table in payslip order: gross, the conversion and the taxed benefit, the taxable
 * gross, every deduction of the block, employer subsidies, take-home pay and the resulting net rate.
 */
export function taxRows(tax: TaxResult): TaxRow[] {
  const { before: b, after: a, salarySacrificeBefore: sb, salarySacrificeData: sa } = tax;
  const row = (key: TaxRowKey, before: number, after: number, emphasis = false): TaxRow => ({
    key,
    before,
    after,
    emphasis,
  });
  return [
    row('brutto', b.brutto, a.brutto, true),
    // The gross rate is converted only after the change; before, this car costs nothing.
    row('conversion', 0, tax.price),
    row('vehicleTaxation', sb.vehicleTaxation, sa.vehicleTaxation),
    row('commutingTaxation', sb.commutingTaxation, sa.commutingTaxation),
    row('nonCashBenefit', sb.nonCashBenefit, sa.nonCashBenefit),
    row('employerContribution', sb.employerContribution, sa.employerContribution),
    row('adjustedGross', b.adjustedGross, a.adjustedGross, true),
    row('lohnst', b.lohnst, a.lohnst),
    row('soli', b.soli, a.soli),
    row('kirchensteuer', b.kirchensteuer, a.kirchensteuer),
    row('krankenversicherung', b.krankenversicherung, a.krankenversicherung),
    row('pflegeversicherung', b.pflegeversicherung, a.pflegeversicherung),
    row('rentenversicherung', b.rentenversicherung, a.rentenversicherung),
    row('arbeitslosenversicherung', b.arbeitslosenversicherung, a.arbeitslosenversicherung),
    row('arbeitskammerbeitrag', b.arbeitskammerbeitrag, a.arbeitskammerbeitrag),
    row('arbeitgeberzuschussPKV', b.arbeitgeberzuschussPKV, a.arbeitgeberzuschussPKV),
    row('arbeitgeberzuschussPV', b.arbeitgeberzuschussPV, a.arbeitgeberzuschussPV),
    row('takeHome', b.takeHome, a.takeHome, true),
    row('netRate', sb.monthlyNetLeasing, sa.monthlyNetLeasing, true),
  ].map((r) => ({ ...r, before: round2(r.before), after: round2(r.after) }));
}

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
  };
}
