/**
 * The lines of an employer's monthly invoice (docs/pricing.md, "What the employer is invoiced"),
 * pure: integer cents in and out, ISO dates.
 *
 * - One line per lease in use in the month, at the package's monthly rate net of VAT: the employee
 *   converts the gross rate, the employer pays the provider that gross rate, 19 % VAT included, and
 *   can deduct the VAT. A month the car is used in part (the handover month, the month of the last
 *   day of use) is charged by calendar days: rate × days of use / days of the month, rounded half up.
 * - The settlement of a returned car (extra or fewer kilometres, damages) in the month of the return,
 *   and the early-termination fee in the month of the last day of use, each a line of its own; both
 *   are gross figures of the lease end and go on the invoice net of VAT like the rate.
 */
import { leaseTermEnd, monthBounds, type MonthIndex } from '@leasing/payroll';

/** 19 % (§ 12 Abs. 1 UStG), the only VAT rate of a lease invoice. */
export const VAT_PERCENT = 19;

export type LineKind = 'RATE' | 'SETTLEMENT' | 'TERMINATION_FEE';

/** A lease as the invoice needs it; its end already reduced by leaving, return and follow-up lease. */
export interface BillableLease {
  orderId: number;
  car: string;
  personName: string;
  employeeId: string | null;
  handoverDate: string;
  durationMonths: number;
  /** The last day of use: the end of the term, or earlier (leaving, return, follow-up lease). */
  lastDayOfUse: string;
  monthlyGrossCents: number;
  /** The return of the car, when it has been recorded. */
  settlement: { returnedOn: string; totalGrossCents: number } | null;
  /** The early-termination fee (gross) when the lease ended before its term, by leaving or an early return. */
  terminationFeeGrossCents: number | null;
}

export interface DraftLine {
  orderId: number | null;
  kind: LineKind;
  description: string;
  /** Thousandths of the unit. Negative only for a credit (EN 16931 BR-27: a price is never negative). */
  quantityMilli: number;
  unitCode: 'MON' | 'C62';
  netCents: number;
  periodStart: string | null;
  periodEnd: string | null;
}

/** Half up, away from zero for negative amounts too (a credit of 0,5 ct is 1 ct, as a charge). */
export function roundHalfUp(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The net of a gross amount at 19 %: gross × 100 / 119, to the cent. */
export function netOfGross(grossCents: number): number {
  return roundHalfUp((grossCents * 100) / (100 + VAT_PERCENT));
}

const dateKey = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const daysBetweenInclusive = (from: string, to: string) => dateKey(to) - dateKey(from) + 1;

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

const MONTH_NAMES = [
  'Januar', 'Februar', 'März', 'April', 'Mai', 'Juni',
  'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember',
] as const;

export function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

export function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

function whoAndWhat(lease: BillableLease): string {
  const number = lease.employeeId ? `, Pers.-Nr. ${lease.employeeId}` : '';
  return `${lease.car} – ${lease.personName}${number} – Vertrag Nr. ${lease.orderId}`;
}

/** The lease's rate line for `month` (a month index as the payroll counts), or null when not in use. */
export function rateLine(lease: BillableLease, month: MonthIndex): DraftLine | null {
  const { first, last } = monthBounds(month);
  if (lease.handoverDate > last || lease.lastDayOfUse < first || lease.lastDayOfUse < lease.handoverDate) return null;
  const from = later(first, lease.handoverDate);
  const to = earlier(last, lease.lastDayOfUse);
  const days = daysBetweenInclusive(from, to);
  const daysInMonth = daysBetweenInclusive(first, last);
  const monthlyNet = netOfGross(lease.monthlyGrossCents);
  const whole = days === daysInMonth;
  const netCents = whole ? monthlyNet : roundHalfUp((monthlyNet * days) / daysInMonth);
  const share = whole ? '' : ` (anteilig ${days} von ${daysInMonth} Tagen)`;
  return {
    orderId: lease.orderId,
    kind: 'RATE',
    description: `Leasingrate ${monthName(first.slice(0, 7))}${share} – ${whoAndWhat(lease)} – ${germanDate(from)} bis ${germanDate(to)}`,
    quantityMilli: 1000,
    unitCode: whole ? 'MON' : 'C62',
    netCents,
    periodStart: from,
    periodEnd: to,
  };
}

/** A signed amount as a line: a credit carries quantity −1 and a positive price (BR-27). */
function amountLine(
  lease: BillableLease,
  kind: LineKind,
  description: string,
  grossCents: number,
  day: string,
): DraftLine {
  const netCents = netOfGross(grossCents);
  return {
    orderId: lease.orderId,
    kind,
    description,
    quantityMilli: netCents < 0 ? -1000 : 1000,
    unitCode: 'C62',
    netCents,
    periodStart: day,
    periodEnd: day,
  };
}

/** Every line of one lease in `month`: the rate, a settlement returned in it, a fee of an early end in it. */
export function leaseLines(lease: BillableLease, month: MonthIndex): DraftLine[] {
  const { first, last } = monthBounds(month);
  const inMonth = (iso: string) => iso >= first && iso <= last;
  const lines: DraftLine[] = [];
  const rate = rateLine(lease, month);
  if (rate) lines.push(rate);
  const settlement = lease.settlement;
  if (settlement && inMonth(settlement.returnedOn) && settlement.totalGrossCents !== 0) {
    const credit = settlement.totalGrossCents < 0 ? 'Gutschrift' : 'Nachberechnung';
    lines.push(
      amountLine(
        lease,
        'SETTLEMENT',
        `${credit} aus der Rückgabe am ${germanDate(settlement.returnedOn)} (Kilometer, Schäden) – ${whoAndWhat(lease)}`,
        settlement.totalGrossCents,
        settlement.returnedOn,
      ),
    );
  }
  const fee = lease.terminationFeeGrossCents;
  if (fee !== null && fee > 0 && inMonth(lease.lastDayOfUse)) {
    lines.push(
      amountLine(
        lease,
        'TERMINATION_FEE',
        `Ausgleichszahlung vorzeitige Beendigung zum ${germanDate(lease.lastDayOfUse)} – ${whoAndWhat(lease)}`,
        fee,
        lease.lastDayOfUse,
      ),
    );
  }
  return lines;
}

/** The end of a lease's term (§ 188 BGB), for the callers that decide whether an end came early. */
export function termEndOf(lease: Pick<BillableLease, 'handoverDate' | 'durationMonths'>): string {
  return leaseTermEnd(lease.handoverDate, lease.durationMonths);
}
