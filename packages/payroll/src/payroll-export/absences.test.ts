import { describe, expect, it } from 'vitest';

import { cents } from '../payslip/money.js';
import { effectivePayer, monthPause, type LeaseAbsence } from './absences.js';
import { payrollLine, type PayrollLease } from './lease-month.js';
import { parsePayrollMonth } from './months.js';

const eur = (value: number) => cents(Math.round(value * 100));
const m = parsePayrollMonth;

function lease(overrides: Partial<PayrollLease> = {}): PayrollLease {
  return {
    orderId: 1,
    employeeId: '4711',
    name: 'Max Mustermann',
    listPrice: eur(44_990),
    driveType: 'BEV',
    handoverDate: '2026-11-10',
    durationMonths: 36,
    leavingDate: null,
    monthlyGrossRate: eur(450),
    employerContribution: eur(50),
    deductionStart: 'HANDOVER_MONTH',
    distanceKm: 20,
    commutingDays: 15,
    singleAssessment: false,
    ...overrides,
  };
}

const parental = (from: string, to: string | null, payer: LeaseAbsence['payer'] = 'EMPLOYEE_PAYS'): LeaseAbsence => ({
  id: `a-${from}`,
  type: 'PARENTAL_LEAVE',
  from,
  to,
  payer,
});

describe('absences in the payroll', () => {
  it('pauses three whole months of parental leave after a handover this month, the month before stays active', () => {
    const l = lease({ absences: [parental('2026-12-01', '2027-02-28')] });
    const november = payrollLine(l, m('2026-11'))!;
    expect(november).toMatchObject({ status: 'ACTIVE', change: 'NEW', grossConversion: 40_000, pause: null });
    for (const month of ['2026-12', '2027-01', '2027-02']) {
      const line = payrollLine(l, m(month))!;
      expect(line.status).toBe('PAUSED');
      expect(line.grossConversion).toBe(0);
      expect(line.pause).toMatchObject({ pausedAmount: 40_000, employeePays: 40_000, employerPays: 0 });
      // The car stays with the person: the 0.25 % benefit and the 0.03 % commute value stay.
      expect(line.benefitPrivateUse).toBe(november.benefitPrivateUse);
      expect(line.benefitCommute).toBe(november.benefitCommute);
      // The employer's subsidy is the employer's and is not paused.
      expect(line.employerContribution).toBe(5_000);
    }
    expect(payrollLine(l, m('2026-12'))!.change).toBe('CHANGED');
    expect(payrollLine(l, m('2027-01'))!.change).toBeNull();
    expect(payrollLine(l, m('2027-03'))).toMatchObject({
      status: 'ACTIVE',
      change: 'CHANGED',
      grossConversion: 40_000,
    });
  });

  it('splits a partly paused month by calendar days, to the cent', () => {
    // December: 31 days, absent from the 10th = 22 days. 400.00 × 22 / 31 = 283.8709… → 283.87 paused.
    const line = payrollLine(lease({ absences: [parental('2026-12-10', null)] }), m('2026-12'))!;
    expect(line.status).toBe('PAUSED');
    expect(line.pause).toMatchObject({ pausedDays: 22, daysInMonth: 31, pausedAmount: 28_387, employeePays: 28_387 });
    expect(line.grossConversion).toBe(11_613);
  });

  it('shares a month between payers by their days; the employer takes the rounding rest', () => {
    // February 2027: 28 days. Sick pay (rate insurance) 1–10, unpaid leave (employee) 11–17.
    const pause = monthPause(
      [
        { id: 's', type: 'SICK_PAY', from: '2027-01-20', to: '2027-02-10', payer: 'RATE_INSURANCE' },
        { id: 'u', type: 'UNPAID_LEAVE', from: '2027-02-11', to: '2027-02-17', payer: 'EMPLOYEE_PAYS' },
      ],
      m('2027-02'),
      cents(40_001),
    )!;
    // 17 days: round(40001 × 17 / 28) = 24286; employee 7 days: 10000.25 → 10000; insurance 10 days: 14286.07 → 14286.
    expect(pause).toMatchObject({
      pausedDays: 17,
      pausedAmount: 24_286,
      employeePays: 10_000,
      rateInsurancePays: 14_286,
    });
    expect(pause.employerPays).toBe(0);
    expect(pause.absence.id).toBe('s');
  });

  it('values no commuting trip in a whole month away under the per-trip rule', () => {
    const l = lease({ singleAssessment: true, absences: [parental('2026-12-01', '2026-12-31')] });
    expect(payrollLine(l, m('2026-12'))!.benefitCommute).toBe(0);
    expect(payrollLine(l, m('2026-11'))!.benefitCommute).toBeGreaterThan(0);
  });

  it('ends rather than pauses in the month of the last day of use', () => {
    const l = lease({ leavingDate: '2027-01-15', absences: [parental('2026-12-01', null)] });
    expect(payrollLine(l, m('2027-01'))).toMatchObject({ status: 'ENDED', grossConversion: 0 });
  });

  it('falls back to the employee where the package has no rate insurance', () => {
    expect(effectivePayer('RATE_INSURANCE', false)).toBe('EMPLOYEE_PAYS');
    expect(effectivePayer('RATE_INSURANCE', true)).toBe('RATE_INSURANCE');
    expect(effectivePayer('EMPLOYER_PAYS', false)).toBe('EMPLOYER_PAYS');
  });

  it('marks a month CHANGED when the commute of the profile changed since the month before', () => {
    const l = lease({
      commuteHistory: [
        { from: '2026-11-01', distanceKm: 20, commutingDays: 15, singleAssessment: false },
        { from: '2027-01-14', distanceKm: 35, commutingDays: 15, singleAssessment: false },
      ],
    });
    expect(payrollLine(l, m('2026-12'))!.change).toBeNull();
    const january = payrollLine(l, m('2027-01'))!;
    expect(january.change).toBe('CHANGED');
    expect(january.benefitCommute).toBeGreaterThan(payrollLine(l, m('2026-12'))!.benefitCommute);
    expect(payrollLine(l, m('2027-02'))!.change).toBeNull();
  });
});
