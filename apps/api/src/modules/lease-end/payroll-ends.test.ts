import type { PayrollRow } from '@leasing/contract';
import { parsePayrollMonth, payrollMonth, type Cents, type PayrollLease } from '@leasing/payroll';
import { describe, expect, it } from 'vitest';

import { withLeaseEnds, withSettlements } from './payroll-ends.js';

const lease = (overrides: Partial<PayrollLease>): PayrollLease => ({
  orderId: 1,
  employeeId: 'P-1',
  name: 'Max Mustermann',
  listPrice: 4_299_000 as Cents,
  driveType: 'BEV',
  handoverDate: '2026-03-10',
  durationMonths: 36,
  leavingDate: null,
  monthlyGrossRate: 50_776 as Cents,
  employerContribution: 0 as Cents,
  deductionStart: 'HANDOVER_MONTH',
  distanceKm: 0,
  commutingDays: 0,
  singleAssessment: false,
  ...overrides,
});

/** Which orders deduct in each month from `from` to `to`. */
function deductions(leases: PayrollLease[], from: string, to: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let m = parsePayrollMonth(from); m <= parsePayrollMonth(to); m++) {
    const label = `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
    out.set(
      label,
      payrollMonth(leases, m)
        .lines.filter((l) => l.grossConversion > 0)
        .map((l) => l.orderId),
    );
  }
  return out;
}

describe('a follow-up lease ends the earlier one the day before its handover', () => {
  it('deducts every month exactly once when the handover falls mid-month', () => {
    const old = lease({ orderId: 1, handoverDate: '2026-03-10' });
    const next = lease({ orderId: 2, handoverDate: '2029-01-15' });
    const [a, b] = withLeaseEnds([old, next], ['u1', 'u1'], new Map());
    expect(a?.leavingDate).toBe('2029-01-14');
    expect(b?.deductionStart).toBe('NEXT_MONTH');
    const months = deductions([a as PayrollLease, b as PayrollLease], '2028-11', '2029-04');
    expect([...months.values()]).toEqual([[1], [1], [1], [2], [2], [2]]);
  });

  it('keeps the follow-up from its handover month when the switch is on the first', () => {
    const [a, b] = withLeaseEnds(
      [lease({ orderId: 1 }), lease({ orderId: 2, handoverDate: '2029-02-01' })],
      ['u1', 'u1'],
      new Map(),
    );
    expect(a?.leavingDate).toBe('2029-01-31');
    expect(b?.deductionStart).toBe('HANDOVER_MONTH');
    expect([...deductions([a as PayrollLease, b as PayrollLease], '2029-01', '2029-02').values()]).toEqual([[1], [2]]);
  });

  it("leaves other people's leases alone and ends a lease on its return", () => {
    const [a, b] = withLeaseEnds(
      [lease({ orderId: 1 }), lease({ orderId: 2, handoverDate: '2027-01-15' })],
      ['u1', 'u2'],
      new Map([[1, { returnedOn: '2028-06-20', totalCents: 100 }]]),
    );
    expect(a?.leavingDate).toBe('2028-06-20');
    expect(b?.leavingDate).toBeNull();
    expect(b?.deductionStart).toBe('HANDOVER_MONTH');
  });

  // ADR 0040: the replaced car often comes back weeks after the follow-up's handover.
  it('keeps the end at the follow-up when the old car comes back later, in a later month', () => {
    const ends = new Map([[1, { returnedOn: '2029-03-05', totalCents: 12_345 }]]);
    const [a, b] = withLeaseEnds(
      [lease({ orderId: 1 }), lease({ orderId: 2, handoverDate: '2029-01-15' })],
      ['u1', 'u1'],
      ends,
    );
    expect(a?.leavingDate).toBe('2029-01-14');
    const months = deductions([a as PayrollLease, b as PayrollLease], '2028-12', '2029-04');
    expect([...months.values()]).toEqual([[1], [1], [2], [2], [2]]);
    // In the return month only the follow-up has a line: the late return's settlement gets a row of its own.
    const march = payrollMonth([a as PayrollLease, b as PayrollLease], parsePayrollMonth('2029-03'));
    expect(march.lines.map((l) => l.orderId)).toEqual([2]);
  });

  it('ends the old lease on its return when the car came back before the follow-up was handed over', () => {
    const [a, b] = withLeaseEnds(
      [lease({ orderId: 1 }), lease({ orderId: 2, handoverDate: '2029-01-15' })],
      ['u1', 'u1'],
      new Map([[1, { returnedOn: '2028-12-20', totalCents: 0 }]]),
    );
    expect(a?.leavingDate).toBe('2028-12-20');
    expect(b?.deductionStart).toBe('HANDOVER_MONTH');
    const months = deductions([a as PayrollLease, b as PayrollLease], '2028-12', '2029-02');
    expect([...months.values()]).toEqual([[1], [2], [2]]);
  });
});

describe('the settlement in the month of the return', () => {
  const row = (orderId: number): PayrollRow => ({
    employeeId: 'P-1',
    name: 'Max Mustermann',
    orderId,
    grossConversionEur: 507.76,
    employerContributionEur: 0,
    benefitPrivateUseEur: 107.5,
    benefitCommuteEur: 0,
    benefitRule: '0,25 %',
    commutingMethod: 'PAUSCHAL_0_03',
    endDate: '2029-03-02',
    change: 'ENDED',
    status: 'ENDED',
    pause: null,
    employeePaysEur: 0,
    employerPaysEur: 0,
    rateInsurancePaysEur: 0,
  });
  const people = new Map([[7, { employeeId: 'P-7', name: 'Erika Muster' }]]);

  it("goes on the lease's row of that month, net, as a deduction or a refund", () => {
    const ends = new Map([
      [1, { returnedOn: '2029-03-02', totalCents: 49_535 }],
      [2, { returnedOn: '2029-03-20', totalCents: -22_505 }],
    ]);
    const rows = withSettlements([row(1), row(2), row(3)], '2029-03', ends, people);
    expect(rows.map((r) => r.settlementEur)).toEqual([495.35, -225.05, undefined]);
    expect(withSettlements([row(1)], '2029-04', ends, people)[0]?.settlementEur).toBeUndefined();
  });

  it('gets a row of its own when the lease has no line that month', () => {
    const rows = withSettlements(
      [],
      '2029-03',
      new Map([[7, { returnedOn: '2029-03-02', totalCents: 1_000 }]]),
      people,
    );
    expect(rows).toEqual([
      expect.objectContaining({ orderId: 7, name: 'Erika Muster', grossConversionEur: 0, settlementEur: 10 }),
    ]);
  });
});
