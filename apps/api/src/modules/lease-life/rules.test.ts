import { DEFAULT_TENANT_POLICY } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { absenceRefusals, berlinToday, oneYearBefore, payerFor, payerRule } from './rules.js';

const today = '2026-11-28';
const handovers = ['2026-03-12'];

describe('the absence rules', () => {
  it('accepts a period after the handover, within the year, without overlap', () => {
    expect(absenceRefusals({ from: '2026-12-01', to: '2027-02-28' }, handovers, [], today)).toEqual([]);
    expect(absenceRefusals({ from: '2026-03-12', to: null }, handovers, [], today)).toEqual([]);
  });

  it('refuses an end before the start, naming the field', () => {
    expect(absenceRefusals({ from: '2026-12-01', to: '2026-11-30' }, handovers, [], today)).toEqual([
      { field: 'to', message: 'Das Ende darf nicht vor dem Beginn liegen.' },
    ]);
  });

  it('refuses a start before the handover or without any lease', () => {
    expect(absenceRefusals({ from: '2026-03-11', to: null }, handovers, [], today)[0]).toEqual({
      field: 'from',
      message: 'Der Beginn darf nicht vor der Übergabe des Leasingfahrzeugs am 12.03.2026 liegen.',
    });
    expect(absenceRefusals({ from: '2026-12-01', to: null }, [], [], today)[0]?.message).toContain(
      'kein Leasingfahrzeug',
    );
  });

  it('refuses a start more than a year back', () => {
    const errors = absenceRefusals({ from: '2025-11-27', to: '2025-12-31' }, ['2025-01-01'], [], today);
    expect(errors).toEqual([{ field: 'from', message: expect.stringContaining('frühestens 28.11.2025') as string }]);
    expect(absenceRefusals({ from: '2025-11-28', to: null }, ['2025-01-01'], [], today)).toEqual([]);
    expect(oneYearBefore('2028-02-29')).toBe('2027-02-28');
  });

  it('refuses an overlap with another absence, open ends included', () => {
    const others = [{ id: 'x', from: '2027-01-01', to: null }];
    expect(absenceRefusals({ from: '2026-12-01', to: '2027-01-01' }, handovers, others, today)[0]?.message).toBe(
      'Überschneidet sich mit der Abwesenheit vom 01.01.2027 bis offen.',
    );
    expect(absenceRefusals({ from: '2026-12-01', to: '2026-12-31' }, handovers, others, today)).toEqual([]);
    expect(absenceRefusals({ from: '2026-12-01', to: null }, handovers, others, today)).toHaveLength(1);
  });

  it('refuses days that do not exist', () => {
    expect(absenceRefusals({ from: '2026-02-30', to: null }, handovers, [], today)[0]?.field).toBe('from');
  });

  it('reads today in Germany', () => {
    expect(berlinToday(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
  });
});

describe('who pays while no salary is paid', () => {
  it('has documented defaults: rate insurance for Krankengeld, the employee for parental and unpaid leave', () => {
    expect(payerRule(DEFAULT_TENANT_POLICY, 'SICK_PAY')).toBe('RATE_INSURANCE');
    expect(payerRule(DEFAULT_TENANT_POLICY, 'PARENTAL_LEAVE')).toBe('EMPLOYEE_PAYS');
    expect(payerRule(DEFAULT_TENANT_POLICY, 'UNPAID_LEAVE')).toBe('EMPLOYEE_PAYS');
  });

  it("follows the employer's rule, the rate insurance only where the package includes it", () => {
    const policy = {
      ...DEFAULT_TENANT_POLICY,
      absencePayers: { SICK_PAY: 'RATE_INSURANCE', PARENTAL_LEAVE: 'EMPLOYER_PAYS', UNPAID_LEAVE: 'EMPLOYEE_PAYS' },
    } as const;
    expect(payerFor(policy, 'PARENTAL_LEAVE', false)).toBe('EMPLOYER_PAYS');
    expect(payerFor(policy, 'SICK_PAY', true)).toBe('RATE_INSURANCE');
    expect(payerFor(policy, 'SICK_PAY', false)).toBe('EMPLOYEE_PAYS');
  });
});
