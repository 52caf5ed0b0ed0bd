import { leaseTermEnd, monthOfDate } from '@leasing/payroll';

/**
 * The early-termination quote (docs/pricing.md, "Early termination"; printed in the contract's
 * section "Vorzeitige Beendigung"). Pure: integer cents in and out.
 *
 * - Remaining months: the calendar months of the term after the month of the termination date
 *   (that month is still converted, as the payroll runs to the month of the last day of use).
 * - Remaining rates: remaining months × the gross monthly rate.
 * - Fee for returning the car: 25 % of the remaining rates, at most six gross monthly rates,
 *   rounded half up to the cent. The other 75 % are the costs the lessor saves (insurance,
 *   maintenance, tyres, rate insurance, interest) and the car's resale at its calculated value.
 * - Death: no fee when the package includes the rate insurance, which covers the death of the
 *   insured person during the term; the heirs return the car without cost.
 */
export const FEE_PERCENT_OF_REMAINING_RATES = 25;
export const FEE_CAP_MONTHLY_RATES = 6;

export const TERMINATION_FEE_RULE =
  'Bei vorzeitiger Rückgabe beträgt die Ausgleichszahlung 25 % der bis zum Vertragsende noch ausstehenden Bruttomonatsraten (volle Kalendermonate nach dem Monat der Rückgabe), höchstens sechs Bruttomonatsraten, kaufmännisch auf den Cent gerundet. Damit sind die ersparten Aufwendungen (Versicherung, Wartung, Reifen, Ratenschutz, Zinsen) und der Verwertungserlös des Fahrzeugs abgegolten. Im Todesfall endet der Vertrag ohne Kosten für die Erben, wenn das Paket die Ratenschutzversicherung enthält.';

export type TerminationReason = 'LEAVING' | 'EARLY_RETURN' | 'DEATH';

export interface QuoteInput {
  handoverDate: string;
  durationMonths: number;
  /** Gross monthly rate of the package, cents. */
  monthlyGrossRateCents: number;
  /** The same car as a private lease (the takeover rate), cents. */
  privateRateCents: number;
  rateInsuranceIncluded: boolean;
  date: string;
  reason: TerminationReason;
}

export interface QuoteFigures {
  termEnd: string;
  remainingMonths: number;
  remainingRatesCents: number;
  feeCents: number;
}

export function terminationFigures(input: QuoteInput): QuoteFigures {
  const termEnd = leaseTermEnd(input.handoverDate, input.durationMonths);
  const remainingMonths = Math.max(0, monthOfDate(termEnd, 'termEnd') - monthOfDate(input.date, 'date'));
  const remainingRatesCents = remainingMonths * input.monthlyGrossRateCents;
  const share = Math.round((remainingRatesCents * FEE_PERCENT_OF_REMAINING_RATES) / 100);
  const fee = Math.min(share, FEE_CAP_MONTHLY_RATES * input.monthlyGrossRateCents);
  const waived = input.reason === 'DEATH' && input.rateInsuranceIncluded;
  return { termEnd, remainingMonths, remainingRatesCents, feeCents: waived ? 0 : fee };
}
