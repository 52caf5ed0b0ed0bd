import type { TaxResult } from '@leasing/contract';

/** Rows of the order's tax table; German labels under `tax.rows` in `orders.json`. */
export type OrderTaxRowKey =
  | 'brutto'
  | 'conversion'
  | 'nonCashBenefit'
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

export interface OrderTaxRow {
  key: OrderTaxRowKey;
  before: number;
  after: number;
  emphasis: boolean;
}

const round2 = (eur: number) => Math.round(eur * 100) / 100;

/**
 * The previous payslip against the payslip after the conversion (spec 2.6 "tax table"): gross, the
 * converted gross rate and the taxed benefit, taxable gross, every deduction, take-home pay, net rate.
 * Lines that are zero on both payslips (no church tax, no Arbeitskammer, ...) are left out.
 */
export function orderTaxRows(tax: TaxResult): OrderTaxRow[] {
  const { before: b, after: a } = tax;
  const row = (key: OrderTaxRowKey, before: number, after: number, emphasis = false): OrderTaxRow => ({
    key,
    before: round2(before),
    after: round2(after),
    emphasis,
  });
  const optional = (r: OrderTaxRow) => r.emphasis || r.before !== 0 || r.after !== 0;
  return [
    row('brutto', b.brutto, a.brutto, true),
    row('conversion', 0, tax.price),
    row('nonCashBenefit', tax.salarySacrificeBefore.nonCashBenefit, tax.salarySacrificeData.nonCashBenefit),
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
    row('netRate', tax.salarySacrificeBefore.monthlyNetLeasing, tax.salarySacrificeData.monthlyNetLeasing, true),
  ].filter(optional);
}
