import { describe, expect, it } from 'vitest';

import { cents } from '../payslip/money.js';
import { lastDayOfUse, payrollLine, payrollLinesFrom, payrollMonth, rateIn, type PayrollLease } from './lease-month.js';
import { leaseTermEnd, monthBounds, parsePayrollMonth } from './months.js';

const eur = (value: number) => cents(Math.round(value * 100));
const m = parsePayrollMonth;

function lease(overrides: Partial<PayrollLease> = {}): PayrollLease {
  return {
    orderId: 1,
    employeeId: '4711',
    name: 'Max Mustermann',
    listPrice: eur(44_990),
    driveType: 'BEV',
    handoverDate: '2026-03-12',
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

describe('payroll months', () => {
  it('parses YYYY-MM and refuses anything else', () => {
    expect(m('2026-01')).toBe(2026 * 12);
    expect(() => m('2026-13')).toThrow(/JJJJ-MM/);
    expect(() => m('2026-1')).toThrow(/JJJJ-MM/);
    expect(monthBounds(m('2028-02'))).toEqual({ first: '2028-02-01', last: '2028-02-29' });
  });

  it('ends a term the day before the anniversary, or on the last day of a month without that day', () => {
    expect(leaseTermEnd('2026-03-12', 36)).toBe('2029-03-11');
    expect(leaseTermEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(leaseTermEnd('2026-01-29', 1)).toBe('2026-02-28');
    expect(leaseTermEnd('2027-12-31', 2)).toBe('2028-02-29');
    expect(leaseTermEnd('2026-03-01', 12)).toBe('2027-02-28');
  });
});

describe('payroll line', () => {
  it('converts the gross rate less the subsidy and taxes 0.25 % and 0.03 % × km of the rounded list price', () => {
    const line = payrollLine(lease(), m('2026-04'))!;
    expect(line.grossConversion).toBe(eur(400));
    expect(line.employerContribution).toBe(eur(50));
    // 44,990 / 4 = 11,247.50 → 11,200 EUR; 1 % = 112 EUR; 0.03 % × 20 km = 67.20 EUR.
    expect(line.benefitPrivateUse).toBe(eur(112));
    expect(line.benefitCommute).toBe(eur(67.2));
    expect(line.benefitRule).toBe('0,25 %');
    expect(line.change).toBeNull();
  });

  it('uses 0.5 % above the price cap of the acquisition date and 1 % for combustion cars', () => {
    const above = payrollLine(lease({ listPrice: eur(100_000.01), handoverDate: '2026-03-01' }), m('2026-03'))!;
    expect(above.benefitRule).toBe('0,5 %');
    expect(above.benefitPrivateUse).toBe(eur(500));
    const cap2024 = payrollLine(lease({ listPrice: eur(70_000.01), handoverDate: '2025-06-30' }), m('2025-07'))!;
    expect(cap2024.benefitRule).toBe('0,5 %');
    const cap2025 = payrollLine(lease({ listPrice: eur(70_000.01), handoverDate: '2025-07-01' }), m('2025-07'))!;
    expect(cap2025.benefitRule).toBe('0,25 %');
    const ice = payrollLine(lease({ driveType: 'ICE' }), m('2026-04'))!;
    expect(ice.benefitPrivateUse).toBe(eur(449));
  });

  it('values the commute per trip (0.002 % × km × trips, at most 15) when the profile says so', () => {
    const line = payrollLine(lease({ singleAssessment: true, commutingDays: 8 }), m('2026-04'))!;
    // 11,200 EUR × 0.002 % × 20 km × 8 = 35.84 EUR
    expect(line.benefitCommute).toBe(eur(35.84));
    expect(line.commutingMethod).toBe('EINZELBEWERTUNG_0_002');
    expect(payrollLine(lease({ singleAssessment: true, commutingDays: 20 }), m('2026-04'))!.benefitCommute).toBe(
      eur(67.2),
    );
  });

  it('handover on the 31st: full benefit and (handover month rule) full conversion in that month, NEW', () => {
    const l = lease({ handoverDate: '2026-03-31' });
    expect(payrollLine(l, m('2026-02'))).toBeNull();
    const march = payrollLine(l, m('2026-03'))!;
    expect(march.change).toBe('NEW');
    expect(march.benefitPrivateUse).toBe(eur(112));
    expect(march.grossConversion).toBe(eur(400));
    expect(payrollLine(l, m('2026-04'))!.change).toBeNull();
  });

  it('deduction from the next month: benefit only in the handover month, then CHANGED', () => {
    const l = lease({ handoverDate: '2026-03-31', deductionStart: 'NEXT_MONTH' });
    const march = payrollLine(l, m('2026-03'))!;
    expect(march.grossConversion).toBe(0);
    expect(march.employerContribution).toBe(0);
    expect(march.benefitPrivateUse).toBe(eur(112));
    expect(march.change).toBe('NEW');
    const april = payrollLine(l, m('2026-04'))!;
    expect(april.grossConversion).toBe(eur(400));
    expect(april.change).toBe('CHANGED');
  });

  it('marks CHANGED only what depends on the month: over a whole term, only the first deduction under "next month"', () => {
    const changesOver = (l: PayrollLease) => {
      const changes = new Map<string, number>();
      for (let month = m('2026-03'); month <= m('2029-03'); month++) {
        const change = payrollLine(l, month)?.change;
        if (change !== undefined) changes.set(String(change), (changes.get(String(change)) ?? 0) + 1);
      }
      return Object.fromEntries(changes);
    };
    // Both months of each comparison come from the same inputs (frozen terms, today's profile).
    expect(changesOver(lease({ singleAssessment: true, commutingDays: 8 }))).toEqual({ NEW: 1, ENDED: 1, null: 35 });
    expect(changesOver(lease({ deductionStart: 'NEXT_MONTH' }))).toEqual({ NEW: 1, CHANGED: 1, ENDED: 1, null: 34 });
  });

  it('leaving mid-month: the whole last month counts, marked ENDED with the date; nothing after', () => {
    const l = lease({ leavingDate: '2026-07-15' });
    const july = payrollLine(l, m('2026-07'))!;
    expect(july.change).toBe('ENDED');
    expect(july.endDate).toBe('2026-07-15');
    expect(july.grossConversion).toBe(eur(400));
    expect(july.benefitPrivateUse).toBe(eur(112));
    expect(payrollLine(l, m('2026-08'))).toBeNull();
    expect(payrollLine(l, m('2026-06'))!.endDate).toBeNull();
  });

  it('leaving on the 1st still counts that month; leaving in the handover month is NEW-and-ENDED as ENDED', () => {
    expect(payrollLine(lease({ leavingDate: '2026-08-01' }), m('2026-08'))!.change).toBe('ENDED');
    const short = lease({ handoverDate: '2026-03-12', leavingDate: '2026-03-20' });
    expect(payrollLine(short, m('2026-03'))!.change).toBe('ENDED');
    expect(payrollLine(short, m('2026-04'))).toBeNull();
  });

  it('ends with the lease term when nobody leaves, and with the earlier of both', () => {
    expect(lastDayOfUse(lease())).toBe('2029-03-11');
    expect(lastDayOfUse(lease({ leavingDate: '2030-01-01' }))).toBe('2029-03-11');
    expect(payrollLine(lease(), m('2029-03'))!.change).toBe('ENDED');
    expect(payrollLine(lease(), m('2029-04'))).toBeNull();
  });

  it('refuses a subsidy above the rate', () => {
    expect(() => payrollLine(lease({ employerContribution: eur(451) }), m('2026-04'))).toThrow(/Zuschuss/);
  });
});

describe('a package change', () => {
  it('converts the new rate from its month on, marked as a change, and the ordered rate before', () => {
    const changed = lease({ rateHistory: [{ fromMonth: m('2026-08'), monthlyGrossRate: eur(489.9) }] });
    expect(payrollLine(changed, m('2026-07'))?.grossConversion).toBe(eur(400));
    const august = payrollLine(changed, m('2026-08'));
    expect(august?.grossConversion).toBe(eur(439.9));
    expect(august?.employerContribution).toBe(eur(50));
    expect(august?.change).toBe('CHANGED');
    expect(payrollLine(changed, m('2026-09'))?.change).toBeNull();
    // The benefit follows the list price, not the rate.
    expect(august?.benefitPrivateUse).toBe(payrollLine(lease(), m('2026-08'))?.benefitPrivateUse);
    expect(rateIn(changed, m('2026-07'))).toBe(eur(450));
    expect(rateIn(changed, m('2027-01'))).toBe(eur(489.9));
  });
});

describe('payroll month', () => {
  it('lists only leases in use, sorted by personnel number, with totals', () => {
    const result = payrollMonth(
      [
        lease({ orderId: 3, employeeId: '10', name: 'B' }),
        lease({ orderId: 2, employeeId: '9', name: 'A', employerContribution: eur(0) }),
        lease({ orderId: 4, employeeId: '1', handoverDate: '2026-05-02' }),
      ],
      m('2026-04'),
    );
    expect(result.lines.map((l) => l.orderId)).toEqual([2, 3]);
    expect(result.totals).toEqual({
      leases: 2,
      grossConversion: eur(850),
      employerContribution: eur(50),
      benefitPrivateUse: eur(224),
      benefitCommute: eur(134.4),
    });
  });
});

describe('payroll lines of a run of months', () => {
  it('gives each month exactly the line payrollLine gives it, from before the handover to after the end', () => {
    const leases: PayrollLease[] = [
      lease(),
      lease({ deductionStart: 'NEXT_MONTH', handoverDate: '2026-01-31', durationMonths: 1 }),
      lease({ leavingDate: '2026-09-15', driveType: 'ICE' }),
      lease({ rateHistory: [{ fromMonth: m('2026-06'), monthlyGrossRate: eur(470) }] }),
      lease({
        singleAssessment: true,
        commuteHistory: [
          { from: '2026-01-01', distanceKm: 12, commutingDays: 8, singleAssessment: true },
          { from: '2026-06-10', distanceKm: 30, commutingDays: 0, singleAssessment: false },
        ],
      }),
      lease({
        absences: [
          { id: 'a', type: 'PARENTAL_LEAVE', from: '2026-05-10', to: '2026-07-20', payer: 'EMPLOYER_PAYS' },
          { id: 'b', type: 'SICK_PAY', from: '2026-11-03', to: null, payer: 'EMPLOYEE_PAYS' },
        ],
      }),
    ];
    const first = m('2025-12');
    for (const one of leases) {
      const run = payrollLinesFrom(one, first, 30);
      expect(run).toHaveLength(30);
      run.forEach((line, offset) => expect(line).toEqual(payrollLine(one, first + offset)));
      expect(run.filter((line) => line !== null).length).toBeGreaterThan(0);
    }
  });
});
