import type { TaxResult } from '@leasing/contract';

/** Rows of the before/after payslip table; labels under `payslipTable.rows` in `translation.json`. */
export type PayslipRowKey =
  | 'brutto'
  | 'conversion'
  | 'employerContribution'
  | 'vehicleTaxation'
  | 'commutingTaxation'
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

export interface PayslipRow {
  key: PayslipRowKey;
  before: number;
  after: number;
  /** Sums the reader looks for first: gross, taxable gross, take-home pay, net rate. */
  emphasis: boolean;
}

export interface PayslipRowOptions {
  /** Leave out lines that are zero on both payslips (no church tax, no Arbeitskammer, ...). */
  omitZeroRows?: boolean;
}

const cents = (eur: number) => Math.round(eur * 100);
const round2 = (eur: number) => cents(eur) / 100;

/** The employer's monthly subsidy towards the lease as the API computed it (0 without one). */
export function employerSubsidy(tax: TaxResult): number {
  return round2(tax.salarySacrificeData.employerContribution);
}

/**
 * The gross amount converted from salary each month: the API's gross rate less the API's employer
 * subsidy, exactly as the payroll engine and the contract PDF take it (`rate − employerContribution`).
 * Only the two figures of the tax result are subtracted (in cents); nothing is calculated here.
 */
export function convertedGross(tax: TaxResult): number {
  return (cents(tax.price) - cents(tax.salarySacrificeData.employerContribution)) / 100;
}

/**
 * The rows of the payslip comparison in payslip order: gross, the converted gross amount (gross rate less
 * the employer subsidy) and the subsidy itself when there is one, the taxed benefit, the taxable gross,
 * every deduction of the block, the employer's insurance subsidies, take-home pay and the net rate. The
 * employer-subsidy row appears only when there is a subsidy. Amounts are the API's, rounded to cents.
 */
export function payslipRows(tax: TaxResult, options: PayslipRowOptions = {}): PayslipRow[] {
  const { before: b, after: a, salarySacrificeBefore: sb, salarySacrificeData: sa } = tax;
  const row = (key: PayslipRowKey, before: number, after: number, emphasis = false): PayslipRow => ({
    key,
    before: round2(before),
    after: round2(after),
    emphasis,
  });
  const subsidy = row('employerContribution', sb.employerContribution, sa.employerContribution);
  const rows = [
    row('brutto', b.brutto, a.brutto, true),
    // Converted only after the change; before, this car costs nothing.
    row('conversion', 0, convertedGross(tax)),
    ...(subsidy.before > 0 || subsidy.after > 0 ? [subsidy] : []),
    row('vehicleTaxation', sb.vehicleTaxation, sa.vehicleTaxation),
    row('commutingTaxation', sb.commutingTaxation, sa.commutingTaxation),
    row('nonCashBenefit', sb.nonCashBenefit, sa.nonCashBenefit),
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
  ];
  if (!options.omitZeroRows) return rows;
  return rows.filter((r) => r.emphasis || r.before !== 0 || r.after !== 0);
}
